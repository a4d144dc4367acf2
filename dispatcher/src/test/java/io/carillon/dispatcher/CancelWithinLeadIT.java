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
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.Trigger;
import io.carillon.topics.events.WorkerHeartbeat;
import io.carillon.worker.CarillonWorker;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A CANCEL of a fire the dispatcher already sent ahead of its due instant (a long trigger lead), against the real
 * broker with a real worker on the system clock: the worker holds the early run, the dispatcher's KILL on
 * {@code control} ends it KILLED naming the cancel, and its handler never starts.
 */
class CancelWithinLeadIT {

    private static final Duration DEADLINE = Duration.ofSeconds(30);
    private static final Duration POLL = Duration.ofMillis(50);
    private static final Duration HEARTBEAT = Duration.ofMillis(200);
    private static final Duration TRIGGER_LEAD = Duration.ofSeconds(3);
    /** The fire is due this long after it is sent: it goes to the worker about one second after it is sent. */
    private static final Duration DUE_IN = Duration.ofSeconds(4);
    /** How long past the due instant the test still watches for a start of the killed run. */
    private static final Duration WATCH_PAST_DUE = Duration.ofMillis(500);

    private static final String APP = "demo";

    private final Clock clock = Clock.systemUTC();
    private final Queue<String> started = new ConcurrentLinkedQueue<>();
    private final List<AutoCloseable> closeables = new ArrayList<>();
    private TopicCatalog catalog;
    private KafkaProducer<String, byte[]> producer;
    private CarillonWorker worker;
    private Dispatcher dispatcher;

    @BeforeEach
    void setUp() {
        catalog = TestKafka.newCatalog(1);
        try (var admin = TestKafka.admin()) {
            new TopicInitializer(admin).ensure(List.of(catalog.triggerTopic(APP)));
        }
        producer = new KafkaProducer<>(
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
        worker = CarillonWorker.builder()
                .bootstrapServers(TestKafka.bootstrapServers())
                .catalog(catalog)
                .clock(clock)
                .app(APP)
                .instanceId("w1")
                .heartbeatInterval(HEARTBEAT)
                .shutdownGrace(Duration.ZERO)
                .handler("echo", context -> {
                    started.add(context.runId());
                    return null;
                })
                .build();
        worker.start();
        dispatcher = Dispatcher.builder()
                .bootstrapServers(TestKafka.bootstrapServers())
                .catalog(catalog)
                .clock(clock)
                .triggerLead(TRIGGER_LEAD)
                .build();
        dispatcher.start();
        try (TopicReader<WorkerHeartbeat> heartbeats = new TopicReader<>(catalog.workers(), EventSerdes.HEARTBEAT)) {
            await().atMost(DEADLINE)
                    .pollInterval(POLL)
                    .until(() -> heartbeats.values().stream()
                            .anyMatch(heartbeat ->
                                    heartbeat != null && !heartbeat.partitions().isEmpty()));
        }
        await().atMost(DEADLINE)
                .pollInterval(POLL)
                .until(() -> dispatcher.stats().assignedPartitions() == 1);
    }

    @AfterEach
    void tearDown() throws Exception {
        if (worker != null) {
            worker.close();
        }
        if (dispatcher != null) {
            dispatcher.close();
        }
        for (AutoCloseable closeable : closeables) {
            closeable.close();
        }
    }

    @Test
    void aCancelOfAFireSentEarlyKillsItsWaitingRunWhichNeverStarts() {
        Instant dueAt = clock.instant().plus(DUE_IN);
        FireEvent fire = new FireEvent(
                0,
                null,
                FireIds.scheduled("job", dueAt),
                "job",
                1,
                APP,
                "echo",
                dueAt,
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
        String runId = FireIds.runId(fire.fireId(), 0);
        send(fire);
        try (TopicReader<Trigger> triggers = TopicReader.ofBatches(catalog.trigger(APP), EventSerdes.TRIGGERS);
                TopicReader<RunResult> results = new TopicReader<>(catalog.results(), EventSerdes.RESULT)) {
            await().atMost(DEADLINE)
                    .pollInterval(POLL)
                    .until(() -> triggers.values().stream().anyMatch(trigger -> runId.equals(trigger.runId())));
            assertThat(clock.instant())
                    .as("the trigger went ahead of its due instant")
                    .isBefore(dueAt);

            send(FireEvent.cancel("job", fire.fireId(), dueAt, clock.instant()));

            await().atMost(DEADLINE)
                    .pollInterval(POLL)
                    .until(() -> results.values().stream().anyMatch(result -> runId.equals(result.runId())));
            RunResult result = results.values().stream()
                    .filter(r -> runId.equals(r.runId()))
                    .findFirst()
                    .orElseThrow();
            assertThat(result.status()).isEqualTo(RunStatus.KILLED);
            assertThat(result.message())
                    .as("the worker held the trigger until its claim, so the kill came first")
                    .contains("fire " + fire.fireId() + " was cancelled", "before its trigger was taken");
            assertThat(result.startedAt()).isNull();
            await().atMost(DEADLINE)
                    .pollInterval(POLL)
                    .until(() -> clock.instant().isAfter(dueAt.plus(WATCH_PAST_DUE)));
            assertThat(started).doesNotContain(runId);
            assertThat(results.values().stream().filter(r -> runId.equals(r.runId())))
                    .hasSize(1);
        }
    }

    private void send(FireEvent fire) {
        producer.send(new ProducerRecord<>(catalog.fires(), fire.jobId(), EventSerdes.FIRE.serialize(null, fire)));
        producer.flush();
    }
}
