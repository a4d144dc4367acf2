package io.carillon.dispatcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.carillon.testkit.TestKafka;
import io.carillon.testkit.TopicReader;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.TopicInitializer;
import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.FireIds;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.Trigger;
import io.carillon.topics.events.WorkerHeartbeat;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Exactly once through an abrupt death: two dispatchers share a steady stream of fires, one (in a child JVM) is
 * killed with {@code destroyForcibly} mid-stream and later replaced; every fire is in the committed trigger topic
 * exactly once. A dispatcher with an instance id, killed and started again under it, takes its partitions back
 * without waiting for its session to time out.
 */
class DispatcherKillIT {

    private static final Duration DEADLINE = Duration.ofSeconds(40);
    private static final Duration POLL = Duration.ofMillis(100);
    private static final int PARTITIONS = 4;
    private static final int FIRES = 120;
    /** Fire {@code i} is due {@code START + i * STEP}; every fifth is due {@code OUT_OF_ORDER} later than its turn. */
    private static final Duration START = Duration.ofMillis(1500);

    private static final Duration STEP = Duration.ofMillis(40);
    private static final Duration OUT_OF_ORDER = Duration.ofSeconds(1);
    private static final int JOBS = 16;
    /** Longer than {@link #DEADLINE}: a test that ends within its deadline did not wait for a session to expire. */
    private static final Duration LONG_SESSION = Duration.ofSeconds(90);

    private static final String INSTANCE_ID = "dispatcher-a";

    private final Clock clock = Clock.systemUTC();
    private final List<Dispatcher> dispatchers = new ArrayList<>();
    private final List<AutoCloseable> closeables = new ArrayList<>();
    private TopicCatalog catalog;
    private String groupId;
    private Process child;

    @BeforeEach
    void setUp() {
        catalog = TestKafka.newCatalog(PARTITIONS);
        groupId = catalog.prefix() + "dispatcher";
        try (var admin = TestKafka.admin()) {
            new TopicInitializer(admin).ensure(List.of(catalog.triggerTopic("demo")));
        }
        Instant now = clock.instant();
        KafkaProducer<String, byte[]> producer = producer();
        producer.send(new ProducerRecord<>(
                catalog.workers(),
                "w1",
                EventSerdes.HEARTBEAT.serialize(
                        null,
                        new WorkerHeartbeat(0, "w1", "demo", List.of("echo"), 4, 0, List.of(0), 600_000, now, now))));
        producer.flush();
    }

    @AfterEach
    void tearDown() throws Exception {
        if (child != null) {
            child.destroyForcibly().waitFor();
        }
        dispatchers.forEach(Dispatcher::close);
        for (AutoCloseable closeable : closeables) {
            closeable.close();
        }
    }

    @Test
    void everyFireIsTriggeredExactlyOnceWhenADispatcherIsKilledAndReplaced() throws Exception {
        child = startChild();
        Dispatcher survivor = startDispatcher();
        await().atMost(DEADLINE)
                .pollInterval(POLL)
                .until(() -> survivor.stats().assignedPartitions() == PARTITIONS / 2);

        List<String> fireIds = sendSteadyStream();
        TopicReader<Trigger> triggers = TopicReader.ofBatches(catalog.trigger("demo"), EventSerdes.TRIGGERS);
        closeables.add(triggers);
        await().atMost(DEADLINE).pollInterval(POLL).until(() -> triggers.poll().size() >= FIRES / 3);
        child.destroyForcibly().waitFor();
        int atKill = triggers.poll().size();
        assertThat(atKill).as("the kill comes mid-stream").isLessThan(FIRES);

        await().atMost(DEADLINE).pollInterval(POLL).until(() -> triggers.poll().size() >= atKill + FIRES / 6);
        Dispatcher replacement = startDispatcher();

        await().atMost(DEADLINE)
                .pollInterval(POLL)
                .until(() -> triggers.poll().stream()
                        .map(record -> record.value().fireId())
                        .collect(Collectors.toSet())
                        .containsAll(fireIds));
        await().atMost(DEADLINE)
                .pollInterval(POLL)
                .until(() -> survivor.stats().heldFires() == 0
                        && replacement.stats().heldFires() == 0
                        && survivor.stats().assignedPartitions()
                                        + replacement.stats().assignedPartitions()
                                == PARTITIONS);
        Map<String, Long> counts = triggers.poll().stream()
                .collect(Collectors.groupingBy(record -> record.value().fireId(), Collectors.counting()));
        assertThat(counts).containsOnlyKeys(fireIds);
        assertThat(counts.entrySet())
                .filteredOn(entry -> entry.getValue() != 1)
                .as("fires triggered twice")
                .isEmpty();
        assertThat(triggers.poll()).extracting(ConsumerRecord::key).doesNotHaveDuplicates();
    }

    @Test
    void aDispatcherKilledAndStartedAgainUnderItsInstanceIdTakesItsPartitionsBackAtOnce() throws Exception {
        child = startChild(List.of(INSTANCE_ID, String.valueOf(LONG_SESSION.toMillis())));
        TopicReader<Trigger> triggers = TopicReader.ofBatches(catalog.trigger("demo"), EventSerdes.TRIGGERS);
        closeables.add(triggers);
        List<String> beforeKill = sendSteadyStream();
        await().atMost(DEADLINE).pollInterval(POLL).until(() -> triggers.poll().size() >= FIRES / 3);
        child.destroyForcibly().waitFor();

        Dispatcher restarted = DispatcherChild.configure(
                        Dispatcher.builder(), TestKafka.bootstrapServers(), catalog, groupId)
                .instanceId(INSTANCE_ID)
                .clientProperty("session.timeout.ms", (int) LONG_SESSION.toMillis())
                .build();
        dispatchers.add(restarted);
        restarted.start();
        assertThat(restarted.transactionalId()).isEqualTo(Dispatcher.DEFAULT_TRANSACTIONAL_ID_PREFIX + INSTANCE_ID);
        await().atMost(DEADLINE)
                .pollInterval(POLL)
                .until(() -> restarted.stats().assignedPartitions() == PARTITIONS);
        List<String> afterRestart = sendSteadyStream();

        await().atMost(DEADLINE)
                .pollInterval(POLL)
                .until(() -> triggers.poll().stream()
                        .map(record -> record.value().fireId())
                        .collect(Collectors.toSet())
                        .containsAll(afterRestart));
        await().atMost(DEADLINE)
                .pollInterval(POLL)
                .until(() -> restarted.stats().heldFires() == 0);
        Map<String, Long> counts = triggers.poll().stream()
                .collect(Collectors.groupingBy(record -> record.value().fireId(), Collectors.counting()));
        assertThat(counts).containsOnlyKeys(concat(beforeKill, afterRestart));
        assertThat(counts.entrySet())
                .filteredOn(entry -> entry.getValue() != 1)
                .as("fires triggered twice")
                .isEmpty();
    }

    @Test
    void ofTwoRunningDispatchersWithOneInstanceIdTheOneThatJoinedFirstStops() {
        Dispatcher first = startDispatcher(INSTANCE_ID);
        await().atMost(DEADLINE).pollInterval(POLL).until(() -> first.stats().assignedPartitions() == PARTITIONS);
        Dispatcher second = startDispatcher(INSTANCE_ID);

        await().atMost(DEADLINE).pollInterval(POLL).until(() -> !first.isRunning());
        await().atMost(DEADLINE).pollInterval(POLL).until(() -> second.stats().assignedPartitions() == PARTITIONS);
        List<String> fireIds = sendSteadyStream();
        TopicReader<Trigger> triggers = TopicReader.ofBatches(catalog.trigger("demo"), EventSerdes.TRIGGERS);
        closeables.add(triggers);
        await().atMost(DEADLINE)
                .pollInterval(POLL)
                .until(() -> triggers.poll().stream()
                        .map(record -> record.value().fireId())
                        .collect(Collectors.toSet())
                        .containsAll(fireIds));
        assertThat(second.isRunning()).isTrue();
    }

    private static List<String> concat(List<String> first, List<String> second) {
        List<String> all = new ArrayList<>(first);
        all.addAll(second);
        return all;
    }

    /** Fires due every {@link #STEP}, written at once; every fifth due later than its turn, so some are held out of order. */
    private List<String> sendSteadyStream() {
        KafkaProducer<String, byte[]> producer = producer();
        Instant first = clock.instant().plus(START);
        List<String> fireIds = new ArrayList<>();
        for (int i = 0; i < FIRES; i++) {
            String job = "job-" + (i % JOBS);
            Instant at = first.plus(STEP.multipliedBy(i));
            if (i % 5 == 0) {
                at = at.plus(OUT_OF_ORDER);
            }
            FireEvent fire = new FireEvent(
                    0,
                    null,
                    FireIds.scheduled(job, at),
                    job,
                    1,
                    "demo",
                    "echo",
                    at,
                    FireKind.SCHEDULED,
                    1,
                    "{}",
                    null,
                    null,
                    null,
                    0,
                    null,
                    null,
                    clock.instant());
            producer.send(new ProducerRecord<>(catalog.fires(), job, EventSerdes.FIRE.serialize(null, fire)));
            fireIds.add(fire.fireId());
        }
        producer.flush();
        return fireIds;
    }

    private Dispatcher startDispatcher() {
        return startDispatcher(null);
    }

    private Dispatcher startDispatcher(String instanceId) {
        Dispatcher dispatcher = DispatcherChild.configure(
                        Dispatcher.builder(), TestKafka.bootstrapServers(), catalog, groupId)
                .instanceId(instanceId)
                .build();
        dispatchers.add(dispatcher);
        dispatcher.start();
        return dispatcher;
    }

    private Process startChild() throws IOException {
        return startChild(List.of());
    }

    /** {@code extraArgs}: none, or an instance id and a session timeout in milliseconds. */
    private Process startChild(List<String> extraArgs) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        File log = Path.of("target", "dispatcher-child-" + catalog.prefix() + "log")
                .toFile();
        List<String> command = new ArrayList<>(List.of(
                java,
                "-cp",
                System.getProperty("java.class.path"),
                DispatcherChild.class.getName(),
                TestKafka.bootstrapServers(),
                catalog.prefix(),
                String.valueOf(PARTITIONS),
                groupId));
        command.addAll(extraArgs);
        return new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(log)
                .start();
    }

    private KafkaProducer<String, byte[]> producer() {
        KafkaProducer<String, byte[]> producer = new KafkaProducer<>(
                Map.of(
                        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        TestKafka.bootstrapServers(),
                        ProducerConfig.ACKS_CONFIG,
                        "all",
                        ProducerConfig.LINGER_MS_CONFIG,
                        0),
                new StringSerializer(),
                new ByteArraySerializer());
        closeables.add(producer);
        return producer;
    }
}
