package io.carillon.dispatcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.carillon.dispatcher.internal.DispatchEngine;
import io.carillon.dispatcher.internal.StatsRecorder;
import io.carillon.testkit.SettableClock;
import io.carillon.testkit.TestKafka;
import io.carillon.testkit.TopicReader;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.TopicInitializer;
import io.carillon.topics.events.DeadLetter;
import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.FireIds;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.Trigger;
import io.carillon.topics.events.WorkerHeartbeat;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
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

/** The dispatcher against the real broker, on the system clock. */
class DispatcherIT {

    private static final Duration DEADLINE = Duration.ofSeconds(20);
    private static final Duration POLL = Duration.ofMillis(50);
    private static final int PARTITIONS = 2;
    private static final int WORKER_PARTITION = 1;
    private static final long HEARTBEAT_INTERVAL_MS = 60_000;
    private static final Duration NO_WORKER_GRACE = Duration.ofSeconds(5);
    private static final Duration PLANNER_SKEW = Duration.ofSeconds(20);
    /** How long a planner's records must look behind before it counts as behind: half the dispatcher's window. */
    private static final Duration PLANNER_CLOCK_EVIDENCE = Duration.ofSeconds(15);

    private final Clock clock = Clock.systemUTC();
    private final List<Dispatcher> dispatchers = new ArrayList<>();
    private final List<AutoCloseable> closeables = new ArrayList<>();
    private TopicCatalog catalog;
    private KafkaProducer<String, byte[]> producer;
    private TopicReader<Trigger> triggers;

    @BeforeEach
    void setUp() {
        catalog = TestKafka.newCatalog(PARTITIONS);
        try (var admin = TestKafka.admin()) {
            new TopicInitializer(admin).ensure(List.of(catalog.triggerTopic("demo")));
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
        triggers = TopicReader.ofBatches(catalog.trigger("demo"), EventSerdes.TRIGGERS);
        closeables.add(triggers);
        Instant now = clock.instant();
        send(
                catalog.workers(),
                "w1",
                EventSerdes.HEARTBEAT.serialize(
                        null,
                        new WorkerHeartbeat(
                                0,
                                "w1",
                                "demo",
                                List.of("echo"),
                                4,
                                0,
                                List.of(WORKER_PARTITION),
                                HEARTBEAT_INTERVAL_MS,
                                now,
                                now)));
        send(
                catalog.workers(),
                "stale",
                EventSerdes.HEARTBEAT.serialize(
                        null,
                        new WorkerHeartbeat(
                                0,
                                "stale",
                                "stale",
                                List.of("echo"),
                                4,
                                0,
                                List.of(),
                                HEARTBEAT_INTERVAL_MS,
                                now.minus(Duration.ofHours(1)),
                                now.minus(Duration.ofHours(1)))));
    }

    @AfterEach
    void tearDown() throws Exception {
        dispatchers.forEach(Dispatcher::close);
        for (AutoCloseable closeable : closeables) {
            closeable.close();
        }
    }

    @Test
    void dispatchesEachFireOnceNotBeforeItsInstantLessTheTriggerLeadAndReleaseWindowAndNeverACancelledOne() {
        startDispatcher();
        Instant lateAt = clock.instant().minusSeconds(10);
        Instant base = clock.instant().plus(Dispatcher.DEFAULT_TRIGGER_LEAD).plusMillis(500);
        sendFire(fire("tick", base));
        sendFire(fire("tick", base.plusMillis(100)));
        sendFire(FireEvent.cancel("tick", FireIds.scheduled("tick", base.plusMillis(100)), base, clock.instant()));
        sendFire(fire("other", base.plusMillis(150)));
        sendFire(fire("tick", base.plusMillis(200)));
        sendFire(fire("late", lateAt));
        String last = FireIds.scheduled("tick", base.plusMillis(400));
        sendFire(fire("tick", base.plusMillis(400)));

        List<ConsumerRecord<String, Trigger>> records = awaitTriggers(last);

        Map<String, Long> counts = records.stream()
                .collect(Collectors.groupingBy(record -> record.value().fireId(), Collectors.counting()));
        assertThat(counts)
                .containsOnlyKeys(
                        FireIds.scheduled("tick", base),
                        FireIds.scheduled("other", base.plusMillis(150)),
                        FireIds.scheduled("tick", base.plusMillis(200)),
                        FireIds.scheduled("late", lateAt),
                        last);
        assertThat(counts.values()).containsOnly(1L);
        assertThat(records).allSatisfy(record -> {
            Trigger trigger = record.value();
            assertThat(trigger.dispatchedAt())
                    .isAfterOrEqualTo(trigger.dueAt()
                            .minus(Dispatcher.DEFAULT_TRIGGER_LEAD)
                            .minus(DispatchEngine.RELEASE_WINDOW));
            assertThat(trigger.dueAt()).isEqualTo(trigger.scheduledAt());
            assertThat(record.key()).isEqualTo(trigger.runId());
            assertThat(record.partition()).isEqualTo(WORKER_PARTITION);
            assertThat(trigger.targetInstance()).isEqualTo("w1");
        });
        Dispatcher dispatcher = dispatchers.get(0);
        assertThat(dispatcher.stats().app("demo").dispatched()).isEqualTo(5);
        assertThat(dispatcher.stats().app("demo").maxLatenessMillis()).isGreaterThanOrEqualTo(10_000);
    }

    @Test
    void aFireWaitsForAWorkerThatComesWithinTheGrace() {
        Dispatcher dispatcher = startDispatcher();
        FireEvent early = new FireEvent(
                0,
                null,
                "early-job@1",
                "early-job",
                1,
                "demo",
                "report",
                clock.instant(),
                FireKind.MANUAL,
                1,
                null,
                null,
                null,
                null,
                0,
                null,
                null,
                clock.instant());
        sendFire(early);
        await().atMost(DEADLINE)
                .pollInterval(POLL)
                .until(() -> dispatcher.stats().heldFires() == 1);

        Instant now = clock.instant();
        send(
                catalog.workers(),
                "w2",
                EventSerdes.HEARTBEAT.serialize(
                        null,
                        new WorkerHeartbeat(
                                0,
                                "w2",
                                "demo",
                                List.of("report"),
                                4,
                                0,
                                List.of(WORKER_PARTITION),
                                HEARTBEAT_INTERVAL_MS,
                                now,
                                now)));

        Trigger trigger = awaitTriggers("early-job@1").stream()
                .map(ConsumerRecord::value)
                .filter(t -> t.fireId().equals("early-job@1"))
                .findFirst()
                .orElseThrow();
        assertThat(trigger.targetInstance()).isEqualTo("w2");
        assertThat(dispatcher.stats().app("demo").noWorker()).isZero();
    }

    @Test
    void aFireWithoutALiveWorkerGetsANoWorkerResultAfterTheGrace() {
        startDispatcher();
        FireEvent ghost = new FireEvent(
                0,
                null,
                "ghost-job@1",
                "ghost-job",
                1,
                "ghost",
                "echo",
                clock.instant(),
                FireKind.MANUAL,
                1,
                null,
                null,
                null,
                null,
                0,
                null,
                null,
                clock.instant());
        FireEvent stale = new FireEvent(
                0,
                null,
                "stale-job@1",
                "stale-job",
                1,
                "stale",
                "echo",
                clock.instant(),
                FireKind.MANUAL,
                1,
                null,
                null,
                null,
                null,
                0,
                null,
                null,
                clock.instant());
        sendFire(ghost);
        sendFire(stale);

        try (TopicReader<RunResult> results = new TopicReader<>(catalog.results(), EventSerdes.RESULT)) {
            await().atMost(DEADLINE)
                    .pollInterval(POLL)
                    .until(() -> results.values().size() >= 2);
            Map<String, ConsumerRecord<String, RunResult>> byJob =
                    results.poll().stream().collect(Collectors.toMap(ConsumerRecord::key, Function.identity()));
            assertThat(byJob).containsOnlyKeys("ghost-job", "stale-job");
            RunResult result = byJob.get("ghost-job").value();
            assertThat(result.status()).isEqualTo(RunStatus.NO_WORKER);
            assertThat(result.runId()).isEqualTo("ghost-job@1#0");
            assertThat(result.message()).contains("'ghost'").contains("'echo'");
            assertThat(byJob.get("stale-job").value().status()).isEqualTo(RunStatus.NO_WORKER);
            assertThat(Duration.between(ghost.dueAt(), result.finishedAt())).isGreaterThanOrEqualTo(NO_WORKER_GRACE);
        }
    }

    @Test
    void aMalformedFireGoesToTheDlqAndLaterFiresStillDispatch() {
        startDispatcher();
        producer.send(
                new ProducerRecord<>(catalog.fires(), 0, "broken", "{\"fireId\": [".getBytes(StandardCharsets.UTF_8)));
        FireEvent after = fire("after", clock.instant());
        producer.send(new ProducerRecord<>(catalog.fires(), 0, "after", EventSerdes.FIRE.serialize(null, after)));
        producer.flush();

        awaitTriggers(after.fireId());
        try (TopicReader<DeadLetter> dlq = new TopicReader<>(catalog.dlq(), EventSerdes.DEAD_LETTER)) {
            await().atMost(DEADLINE)
                    .pollInterval(POLL)
                    .until(() -> !dlq.values().isEmpty());
            DeadLetter letter = dlq.values().get(0);
            assertThat(letter.component()).isEqualTo("dispatcher");
            assertThat(letter.sourceTopic()).isEqualTo(catalog.fires());
            assertThat(letter.key()).isEqualTo("broken");
            assertThat(letter.reason()).isNotBlank();
        }
    }

    @Test
    void aSuccessorDoesNotDispatchAgainWhatItsPredecessorDispatched() {
        Dispatcher first = startDispatcher();
        Instant soon = clock.instant().plusMillis(300);
        List<String> early = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            FireEvent fire = fire("steady", soon.plusMillis(i * 10L));
            early.add(fire.fireId());
            sendFire(fire);
        }
        awaitTriggers(early.get(2));
        first.close();

        startDispatcher();
        FireEvent marker = fire("steady", clock.instant());
        sendFire(marker);

        List<ConsumerRecord<String, Trigger>> records = awaitTriggers(marker.fireId());
        assertThat(records)
                .extracting(record -> record.value().fireId())
                .containsExactlyInAnyOrder(early.get(0), early.get(1), early.get(2), marker.fireId());
    }

    @Test
    void aSuccessorSkipsFiresDispatchedAboveAHeldOne() {
        Dispatcher first = startDispatcher();
        FireEvent held = fire("mixed", clock.instant().plusSeconds(4));
        FireEvent now = fire("mixed", clock.instant().minusMillis(1));
        sendFire(held);
        sendFire(now);
        awaitTriggers(now.fireId());
        await().atMost(DEADLINE).pollInterval(POLL).until(() -> first.stats().heldFires() == 1);
        first.close();

        Dispatcher second = startDispatcher();
        FireEvent marker = fire("mixed", clock.instant());
        sendFire(marker);

        List<ConsumerRecord<String, Trigger>> records = awaitTriggers(held.fireId(), marker.fireId());
        assertThat(records)
                .extracting(record -> record.value().fireId())
                .containsExactlyInAnyOrder(now.fireId(), held.fireId(), marker.fireId());
        assertThat(second.stats().app("demo").dispatched()).isEqualTo(2);
    }

    @Test
    void firesHeldByAnInstanceThatLeavesAreDispatchedOnceByTheOneThatStays() {
        Dispatcher staying = startDispatcher();
        Dispatcher leaving = startDispatcher(1);
        await().atMost(DEADLINE).pollInterval(POLL).until(() -> staying.stats().assignedPartitions() == 1);
        Instant soon = clock.instant().plusSeconds(1);
        Instant later = soon.plusSeconds(2).plus(Dispatcher.DEFAULT_TRIGGER_LEAD);
        List<String> early = new ArrayList<>();
        List<String> all = new ArrayList<>();
        for (int job = 0; job < 6; job++) {
            FireEvent first = fire("job-" + job, soon);
            FireEvent second = fire("job-" + job, later);
            sendFire(first);
            sendFire(second);
            early.add(first.fireId());
            all.add(first.fireId());
            all.add(second.fireId());
        }
        awaitTriggers(early.toArray(String[]::new));
        leaving.close();

        List<ConsumerRecord<String, Trigger>> records = awaitTriggers(all.toArray(String[]::new));

        assertThat(records).extracting(record -> record.value().fireId()).containsExactlyInAnyOrderElementsOf(all);
        assertThat(staying.stats().assignedPartitions()).isEqualTo(PARTITIONS);
    }

    @Test
    void aPlannerWhoseClockIsBehindIsCountedOutOfStepUntilItsRecordsAreInStepAgain() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        SettableClock dispatcherClock = new SettableClock(clock.instant());
        Dispatcher dispatcher = Dispatcher.builder()
                .bootstrapServers(TestKafka.bootstrapServers())
                .catalog(catalog)
                .clock(dispatcherClock)
                .groupId("dispatcher-" + catalog.prefix())
                .meterRegistry(registry)
                .build();
        dispatchers.add(dispatcher);
        dispatcher.start();
        await().atMost(DEADLINE)
                .pollInterval(POLL)
                .until(() -> dispatcher.stats().assignedPartitions() == PARTITIONS);
        Instant due = dispatcherClock.instant().plus(Duration.ofHours(1));
        sendStamped(fire("skewed", due), dispatcherClock.instant().minus(PLANNER_SKEW));
        await().atMost(DEADLINE)
                .pollInterval(POLL)
                .until(() -> dispatcher.stats().heldFires() >= 1);
        assertThat(registry.get(StatsRecorder.PLANNERS_OUT_OF_STEP).gauge().value())
                .as("one record behind could be a commit held up")
                .isZero();

        dispatcherClock.advance(PLANNER_CLOCK_EVIDENCE);
        sendStamped(
                fire("skewed", due.plusSeconds(1)), dispatcherClock.instant().minus(PLANNER_SKEW));
        await().atMost(DEADLINE)
                .pollInterval(POLL)
                .until(() ->
                        registry.get(StatsRecorder.PLANNERS_OUT_OF_STEP).gauge().value() == 1);

        sendStamped(fire("skewed", due.plusSeconds(2)), dispatcherClock.instant());
        await().atMost(DEADLINE)
                .pollInterval(POLL)
                .until(() ->
                        registry.get(StatsRecorder.PLANNERS_OUT_OF_STEP).gauge().value() == 0);
    }

    private void sendStamped(FireEvent fire, Instant stamped) {
        producer.send(new ProducerRecord<>(
                catalog.fires(), 0, stamped.toEpochMilli(), fire.jobId(), EventSerdes.FIRE.serialize(null, fire)));
        producer.flush();
    }

    private Dispatcher startDispatcher() {
        return startDispatcher(PARTITIONS);
    }

    private Dispatcher startDispatcher(int expectedPartitions) {
        Dispatcher dispatcher = Dispatcher.builder()
                .bootstrapServers(TestKafka.bootstrapServers())
                .catalog(catalog)
                .clock(clock)
                .groupId("dispatcher-" + catalog.prefix())
                .noWorkerGrace(NO_WORKER_GRACE)
                .build();
        dispatchers.add(dispatcher);
        dispatcher.start();
        await().atMost(DEADLINE)
                .pollInterval(POLL)
                .until(() -> dispatcher.stats().assignedPartitions() == expectedPartitions);
        return dispatcher;
    }

    private List<ConsumerRecord<String, Trigger>> awaitTriggers(String... fireIds) {
        await().atMost(DEADLINE)
                .pollInterval(POLL)
                .until(() -> triggers.poll().stream()
                        .map(record -> record.value().fireId())
                        .toList()
                        .containsAll(List.of(fireIds)));
        return triggers.poll();
    }

    private FireEvent fire(String jobId, Instant at) {
        return TestFires.scheduled(jobId, at, clock.instant());
    }

    private void sendFire(FireEvent fire) {
        send(catalog.fires(), fire.jobId(), EventSerdes.FIRE.serialize(null, fire));
    }

    private void send(String topic, String key, byte[] value) {
        producer.send(new ProducerRecord<>(topic, key, value));
        producer.flush();
    }
}
