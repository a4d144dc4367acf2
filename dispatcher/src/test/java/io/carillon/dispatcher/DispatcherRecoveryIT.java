package io.carillon.dispatcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.carillon.dispatcher.internal.StatsRecorder;
import io.carillon.testkit.TestKafka;
import io.carillon.testkit.TopicReader;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.TopicInitializer;
import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.Trigger;
import io.carillon.topics.events.WorkerHeartbeat;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.TransactionState;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A dispatcher whose producer the broker leaves in a fatal state starts again by itself. Its transaction is held open
 * (at the dispatcher's commit point, on its thread) until the transaction coordinator has aborted it for its timeout
 * and bumped the producer's epoch; the commit then fails with Kafka's {@code InvalidTxnStateException}, after which the
 * producer can neither abort nor begin a transaction.
 */
class DispatcherRecoveryIT {

    private static final Duration DEADLINE = Duration.ofSeconds(30);
    private static final Duration POLL = Duration.ofMillis(50);
    private static final int PARTITIONS = 2;
    private static final int WORKER_PARTITION = 1;
    private static final long HEARTBEAT_INTERVAL_MS = 60_000;
    /** Short, so that the coordinator aborts the transaction held open soon (the test broker checks every second). */
    private static final Duration TRANSACTION_TIMEOUT = Duration.ofSeconds(1);
    /** A fire held in the timing wheel across the restart: released well after it. */
    private static final Duration HELD_FOR = Duration.ofSeconds(10);

    private static final Set<TransactionState> ABORTED =
            Set.of(TransactionState.PREPARE_ABORT, TransactionState.COMPLETE_ABORT);

    private final Clock clock = Clock.systemUTC();
    private final AtomicBoolean holdNextTransaction = new AtomicBoolean();
    private final AtomicInteger transactionsHeld = new AtomicInteger();
    private final List<AutoCloseable> closeables = new ArrayList<>();
    private TopicCatalog catalog;
    private KafkaProducer<String, byte[]> producer;
    private Admin admin;
    private Dispatcher dispatcher;

    @BeforeEach
    void setUp() {
        catalog = TestKafka.newCatalog(PARTITIONS);
        admin = TestKafka.admin();
        closeables.add(admin);
        new TopicInitializer(admin).ensure(List.of(catalog.triggerTopic("demo")));
        producer = TestKafka.producer(new ByteArraySerializer());
        closeables.add(producer);
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
    }

    @AfterEach
    void tearDown() throws Exception {
        if (dispatcher != null) {
            dispatcher.close();
        }
        for (AutoCloseable closeable : closeables) {
            closeable.close();
        }
    }

    @Test
    void aDispatcherWhoseTransactionTheCoordinatorAbortedStartsAgainAndDispatchesEachFireOnce() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        dispatcher = Dispatcher.builder()
                .bootstrapServers(TestKafka.bootstrapServers())
                .catalog(catalog)
                .clock(clock)
                .groupId("dispatcher-" + catalog.prefix())
                .transactionTimeout(TRANSACTION_TIMEOUT)
                .meterRegistry(registry)
                .beforeCommit(this::holdPastTheTransactionTimeoutOnce)
                .build();
        dispatcher.start();
        await().atMost(DEADLINE)
                .pollInterval(POLL)
                .until(() -> dispatcher.stats().assignedPartitions() == PARTITIONS);
        TopicReader<Trigger> triggers = TopicReader.ofBatches(catalog.trigger("demo"), EventSerdes.TRIGGERS);
        closeables.add(triggers);

        List<String> fireIds = new ArrayList<>();
        FireEvent held = fire("held", clock.instant().plus(HELD_FOR));
        sendFire(held);
        fireIds.add(held.fireId());
        List<String> before = sendFires("before", 4);
        fireIds.addAll(before);
        awaitTriggers(triggers, before);
        assertThat(dispatcher.stats().heldFires()).isEqualTo(1);

        holdNextTransaction.set(true);
        FireEvent caught = fire("caught", clock.instant());
        sendFire(caught);
        fireIds.add(caught.fireId());
        await().atMost(DEADLINE)
                .pollInterval(POLL)
                .until(() -> registry.get(StatsRecorder.RESTARTS).counter().count() == 1);
        assertThat(transactionsHeld).hasValue(1);
        assertThat(dispatcher.isRunning()).isTrue();

        List<String> after = sendFires("after", 4);
        fireIds.addAll(after);
        awaitTriggers(triggers, fireIds);
        await().atMost(DEADLINE)
                .pollInterval(POLL)
                .until(() -> dispatcher.stats().heldFires() == 0);

        Map<String, Long> counts = triggers.poll().stream()
                .collect(Collectors.groupingBy(record -> record.value().fireId(), Collectors.counting()));
        assertThat(counts).containsOnlyKeys(fireIds);
        assertThat(counts.entrySet())
                .filteredOn(entry -> entry.getValue() != 1)
                .as("fires triggered twice")
                .isEmpty();
        assertThat(dispatcher.isRunning()).isTrue();
        assertThat(registry.get(StatsRecorder.RESTARTS).counter().count()).isEqualTo(1);
    }

    /** On the dispatcher's thread: holds the transaction about to commit until the coordinator aborted it. */
    private void holdPastTheTransactionTimeoutOnce() {
        if (!holdNextTransaction.compareAndSet(true, false)) {
            return;
        }
        transactionsHeld.incrementAndGet();
        String transactionalId = dispatcher.transactionalId();
        await().atMost(DEADLINE)
                .pollInterval(POLL)
                .until(() -> ABORTED.contains(admin.describeTransactions(List.of(transactionalId))
                        .description(transactionalId)
                        .get()
                        .state()));
    }

    private List<String> sendFires(String prefix, int count) {
        List<String> fireIds = new ArrayList<>();
        Instant due = clock.instant();
        for (int job = 0; job < count; job++) {
            FireEvent fire = fire(prefix + "-" + job, due);
            sendFire(fire);
            fireIds.add(fire.fireId());
        }
        return fireIds;
    }

    private static void awaitTriggers(TopicReader<Trigger> triggers, List<String> fireIds) {
        await().atMost(DEADLINE)
                .pollInterval(POLL)
                .until(() -> triggers.poll().stream()
                        .map(record -> record.value().fireId())
                        .collect(Collectors.toSet())
                        .containsAll(fireIds));
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
