package io.carillon.dispatcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.carillon.dispatcher.internal.DispatchEngine;
import io.carillon.testkit.TestKafka;
import io.carillon.testkit.TopicReader;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.TopicInitializer;
import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.Trigger;
import io.carillon.topics.events.WorkerHeartbeat;
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
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Fires spread over time (one every few milliseconds, not all at one instant) leave the wheel in groups of the release
 * window, so they cost a few transactions rather than one per tick, and a second dispatcher joining while they leave
 * (a rebalance) neither loses nor repeats one. Real broker, system clock.
 */
class ReleaseWindowIT {

    private static final Logger log = LoggerFactory.getLogger(ReleaseWindowIT.class);
    private static final Duration DEADLINE = Duration.ofSeconds(40);
    private static final Duration POLL = Duration.ofMillis(50);
    private static final int PARTITIONS = 4;
    private static final int JOBS = 16;
    private static final int FIRES = 800;
    /** The first fire is due this long after they are produced, so that all are read and held before any leaves. */
    private static final Duration FIRST_DUE = Duration.ofSeconds(3);
    /** Fire {@code i} is due {@code FIRST_DUE + i * STEP}: one a tick of the wheel, spread over 4 s. */
    private static final Duration STEP = Duration.ofMillis(5);

    private static final int LATE_FIRES = 5;
    /**
     * At most this many transactions for the whole run, over both dispatchers: the 4 s of releases make about 40
     * groups of the 100 ms window per dispatcher; the rest is slack for the first reads, the late fires and the
     * rebalance. One transaction per 5 ms tick would be 800.
     */
    private static final long MAX_TRANSACTIONS = 150;

    private final Clock clock = Clock.systemUTC();
    private final List<Dispatcher> dispatchers = new ArrayList<>();
    private final List<AutoCloseable> closeables = new ArrayList<>();
    private TopicCatalog catalog;
    private KafkaProducer<String, byte[]> producer;

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
                        "all"),
                new StringSerializer(),
                new ByteArraySerializer());
        closeables.add(producer);
        Instant now = clock.instant();
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
        dispatchers.forEach(Dispatcher::close);
        for (AutoCloseable closeable : closeables) {
            closeable.close();
        }
    }

    @Test
    void spreadFiresLeaveInFewTransactionsWithinTheLeadAndOnceAcrossARebalance() {
        Dispatcher first = startDispatcher(PARTITIONS);
        Instant start = clock.instant().plus(FIRST_DUE);
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < FIRES; i++) {
            FireEvent fire = fire("job-" + (i % JOBS), start.plus(STEP.multipliedBy(i)));
            expected.add(fire.fireId());
            producer.send(new ProducerRecord<>(catalog.fires(), fire.jobId(), EventSerdes.FIRE.serialize(null, fire)));
        }
        producer.flush();

        try (TopicReader<Trigger> triggers = TopicReader.ofBatches(catalog.trigger("demo"), EventSerdes.TRIGGERS)) {
            await().atMost(DEADLINE)
                    .pollInterval(POLL)
                    .until(() -> !triggers.poll().isEmpty());
            Dispatcher second = startDispatcher(PARTITIONS / 2);
            for (int i = 0; i < LATE_FIRES; i++) {
                FireEvent late = fire("late-" + i, clock.instant().minusSeconds(1));
                expected.add(late.fireId());
                producer.send(
                        new ProducerRecord<>(catalog.fires(), late.jobId(), EventSerdes.FIRE.serialize(null, late)));
            }
            producer.flush();

            await().atMost(DEADLINE)
                    .pollInterval(POLL)
                    .until(() -> triggers.poll().size() >= expected.size());
            List<ConsumerRecord<String, Trigger>> records = triggers.poll();

            Map<String, Long> counts = records.stream()
                    .collect(Collectors.groupingBy(record -> record.value().fireId(), Collectors.counting()));
            assertThat(counts.keySet()).containsExactlyInAnyOrderElementsOf(expected);
            assertThat(counts.values()).as("no fire dispatched twice").containsOnly(1L);
            assertThat(records)
                    .extracting(ConsumerRecord::value)
                    .allSatisfy(trigger -> assertThat(trigger.dispatchedAt())
                            .isAfterOrEqualTo(trigger.dueAt()
                                    .minus(Dispatcher.DEFAULT_TRIGGER_LEAD)
                                    .minus(DispatchEngine.RELEASE_WINDOW)));
            long transactions = first.stats().transactions() + second.stats().transactions();
            log.info(
                    "{} fires in {} + {} transactions",
                    records.size(),
                    first.stats().transactions(),
                    second.stats().transactions());
            assertThat(transactions).isLessThanOrEqualTo(MAX_TRANSACTIONS);
        }
    }

    private Dispatcher startDispatcher(int expectedPartitions) {
        Dispatcher dispatcher = Dispatcher.builder()
                .bootstrapServers(TestKafka.bootstrapServers())
                .catalog(catalog)
                .clock(clock)
                .groupId("dispatcher-" + catalog.prefix())
                .build();
        dispatchers.add(dispatcher);
        dispatcher.start();
        await().atMost(DEADLINE)
                .pollInterval(POLL)
                .until(() -> dispatcher.stats().assignedPartitions() == expectedPartitions);
        return dispatcher;
    }

    private FireEvent fire(String jobId, Instant at) {
        return TestFires.scheduled(jobId, at, clock.instant());
    }
}
