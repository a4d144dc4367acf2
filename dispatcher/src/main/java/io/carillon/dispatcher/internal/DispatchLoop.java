package io.carillon.dispatcher.internal;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.random.RandomGenerator;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.CloseOptions.GroupMembershipOperation;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.FencedInstanceIdException;
import org.apache.kafka.common.errors.ProducerFencedException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The dispatcher's Kafka loop: poll {@code fires} (waiting no longer than until the next held fire is due), let the
 * {@link DispatchEngine} decide, and produce its records and commit its offsets in one transaction. A transaction that
 * fails is aborted and its fires are read again from the committed offsets; an error the producer or a consumer cannot
 * go on from ends {@link #run()}, which closes the clients and throws it (a {@link LoopSupervisor} decides whether a
 * new loop starts). Construct on any thread, then {@link #run()} once on exactly one thread; {@link #stop()} may be
 * called from any thread.
 */
public final class DispatchLoop implements LoopSupervisor.Loop {

    private static final Logger log = LoggerFactory.getLogger(DispatchLoop.class);

    private final DispatcherSettings settings;
    private final StatsRecorder stats;
    private final KafkaConsumer<String, byte[]> fires;
    private final KafkaConsumer<String, byte[]> workers;
    private final KafkaConsumer<String, byte[]> results;
    private final RunTracker runTracker = new RunTracker();
    private final PlannerClocks plannerClocks = new PlannerClocks();
    private final TrackedResults trackedResults;
    private final KafkaProducer<String, Object> producer;
    private final Admin admin;
    private final WorkerRegistryReader registryReader;
    private final DispatchEngine engine;
    private final List<ProducerRecord<String, Object>> registryDeadLetters = new ArrayList<>();
    private final Runnable beforeCommit;
    private volatile boolean stopping;
    private volatile boolean closingClients;
    private boolean inTransaction;

    /** A loop with new Kafka clients. */
    public DispatchLoop(DispatcherSettings settings, StatsRecorder stats) {
        this(settings, stats, () -> {});
    }

    /**
     * A loop with new Kafka clients that runs {@code beforeCommit} on its thread after each transaction's records and
     * offsets are sent and before the transaction commits: nothing but in tests, which hold a transaction open there.
     */
    public DispatchLoop(DispatcherSettings settings, StatsRecorder stats, Runnable beforeCommit) {
        this.settings = settings;
        this.stats = stats;
        this.beforeCommit = beforeCommit;
        this.fires = KafkaClients.firesConsumer(settings);
        this.workers = KafkaClients.workersConsumer(settings);
        this.results = KafkaClients.resultsConsumer(settings);
        this.trackedResults = new TrackedResults(results, settings.catalog().results(), runTracker);
        this.producer = KafkaClients.producer(settings);
        this.admin = KafkaClients.admin(settings);
        DeadLetters deadLetters = new DeadLetters(settings.catalog());
        WorkerRegistry registry = new WorkerRegistry();
        this.registryReader = new WorkerRegistryReader(workers, registry, deadLetters, stats);
        FireRouter router = new FireRouter(
                settings.catalog(),
                registry,
                WorkerSelectors.standard(RandomGenerator.getDefault(), runTracker),
                new KafkaTriggerTopics(settings.catalog(), admin, producer),
                stats);
        FireTimer timer = new HashedWheelFireTimer(settings.timerTick(), HashedWheelFireTimer.DEFAULT_SLOTS);
        this.engine = new DispatchEngine(
                timer,
                router,
                new MisfireRule(settings.catalog()),
                deadLetters,
                stats,
                settings.offsetMetadataMaxBytes(),
                settings.triggerLead(),
                DispatchEngine.RELEASE_WINDOW,
                new EarlyFires(settings.catalog()),
                settings.noWorkerGrace());
    }

    @Override
    public void run() {
        try {
            producer.initTransactions();
            registryDeadLetters.addAll(registryReader.catchUp(settings.catalog().workers(), now()));
            trackedResults.start();
            fires.subscribe(List.of(settings.catalog().fires()), new Rebalance());
            log.info(
                    "dispatcher {} reading {} as group {}",
                    settings.transactionalId(),
                    settings.catalog().fires(),
                    settings.groupId());
            while (!stopping) {
                iterate();
            }
        } catch (KafkaException e) {
            if (!stopping) {
                throw e;
            }
        } finally {
            closeClients();
        }
    }

    /** Asks the loop to finish its iteration and close its clients (leaving the group); returns at once. */
    @Override
    public void stop() {
        stopping = true;
        fires.wakeup();
        workers.wakeup();
        results.wakeup();
    }

    @Override
    public boolean isClosingClients() {
        return closingClients;
    }

    private void iterate() {
        ConsumerRecords<String, byte[]> records = fires.poll(pollTimeout(now()));
        samplePlannerClocks(records);
        registryDeadLetters.addAll(registryReader.poll(now()));
        trackedResults.poll();
        DispatchPlan plan = engine.plan(records, now()).plus(registryDeadLetters);
        if (!plan.isEmpty()) {
            commit(plan);
        }
        pauseWhatIsHeldBack();
        stats.heldFires(engine.heldFires());
        stats.assignedPartitions(fires.assignment().size());
    }

    /** Samples the planners' clocks from the newest record of each partition read up to its end. */
    private void samplePlannerClocks(ConsumerRecords<String, byte[]> records) {
        if (records.isEmpty()) {
            return;
        }
        Instant receivedAt = now();
        for (TopicPartition partition : records.partitions()) {
            OptionalLong lag = fires.currentLag(partition);
            if (lag.isPresent() && lag.getAsLong() == 0) {
                List<ConsumerRecord<String, byte[]>> read = records.records(partition);
                plannerClocks.sample(
                        partition.partition(), read.get(read.size() - 1).timestamp(), receivedAt);
            }
        }
        stats.plannersOutOfStep(plannerClocks.outOfStep());
    }

    /** Partitions with records held back (offset metadata full) are not read on until their mark moves. */
    private void pauseWhatIsHeldBack() {
        Set<TopicPartition> blocked = engine.heldBackPartitions();
        blocked.retainAll(fires.assignment());
        Set<TopicPartition> resume = new HashSet<>(fires.paused());
        resume.removeAll(blocked);
        if (!resume.isEmpty()) {
            fires.resume(resume);
        }
        if (!blocked.isEmpty()) {
            fires.pause(blocked);
        }
    }

    private Duration pollTimeout(Instant now) {
        Duration max = settings.maxPollWait();
        return engine.nextDue()
                .map(due -> {
                    Duration untilDue = Duration.between(now, due);
                    if (untilDue.isNegative() || untilDue.isZero()) {
                        return Duration.ZERO;
                    }
                    Duration rounded = untilDue.truncatedTo(ChronoUnit.MILLIS);
                    Duration roundedUp = rounded.equals(untilDue) ? rounded : rounded.plusMillis(1);
                    return roundedUp.compareTo(max) < 0 ? roundedUp : max;
                })
                .orElse(max);
    }

    private void commit(DispatchPlan plan) {
        trackedResults.beforeCommit();
        try {
            producer.beginTransaction();
            inTransaction = true;
            plan.records().forEach(producer::send);
            if (!plan.offsets().isEmpty()) {
                producer.sendOffsetsToTransaction(plan.offsets(), fires.groupMetadata());
            }
            beforeCommit.run();
            producer.commitTransaction();
            inTransaction = false;
            stats.transactionCommitted();
            registryDeadLetters.clear();
        } catch (ProducerFencedException | FencedInstanceIdException e) {
            throw e;
        } catch (KafkaException e) {
            if (stopping) {
                throw e;
            }
            abortAfter(e);
            log.warn("transaction aborted, re-reading fires from the committed offsets: {}", e.toString());
            rewind();
        }
    }

    /**
     * Aborts the transaction that failed on {@code failure}. A producer that cannot abort is in a state it cannot go
     * on from; then {@code failure} is thrown, and the transaction is left to the coordinator (it aborts it after the
     * transaction timeout, or when the next producer with this transactional id starts).
     */
    private void abortAfter(KafkaException failure) {
        try {
            producer.abortTransaction();
        } catch (KafkaException abortFailed) {
            failure.addSuppressed(abortFailed);
            throw failure;
        } finally {
            inTransaction = false;
        }
    }

    private void rewind() {
        engine.reset();
        Set<TopicPartition> assignment = fires.assignment();
        Map<TopicPartition, OffsetAndMetadata> committed = fires.committed(assignment);
        for (TopicPartition partition : assignment) {
            OffsetAndMetadata offset = committed.get(partition);
            if (offset == null) {
                fires.seekToBeginning(List.of(partition));
            } else {
                fires.seek(partition, offset);
            }
            engine.assigned(partition, offset);
        }
    }

    private Instant now() {
        return settings.clock().instant();
    }

    private void closeClients() {
        closingClients = true;
        if (inTransaction) {
            closeQuietly("abort the open transaction", producer::abortTransaction);
        }
        Duration timeout = settings.closeTimeout();
        closeQuietly(
                "close the fires consumer",
                () -> fires.close(CloseOptions.groupMembershipOperation(GroupMembershipOperation.LEAVE_GROUP)
                        .withTimeout(timeout)));
        closeQuietly("close the workers consumer", () -> workers.close(CloseOptions.timeout(timeout)));
        closeQuietly("close the results consumer", () -> results.close(CloseOptions.timeout(timeout)));
        closeQuietly("close the producer", () -> producer.close(timeout));
        closeQuietly("close the admin client", () -> admin.close(timeout));
        log.info("dispatcher {} stopped", settings.transactionalId());
    }

    private static void closeQuietly(String what, Runnable action) {
        try {
            action.run();
        } catch (KafkaException e) {
            log.warn("could not {}: {}", what, e.toString());
        }
    }

    /** Held fires of partitions that leave are dropped; new partitions start from their committed offsets. */
    private final class Rebalance implements ConsumerRebalanceListener {

        @Override
        public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
            engine.revoked(partitions);
            forgetClocks(partitions);
        }

        @Override
        public void onPartitionsLost(Collection<TopicPartition> partitions) {
            engine.revoked(partitions);
            forgetClocks(partitions);
        }

        private void forgetClocks(Collection<TopicPartition> partitions) {
            partitions.forEach(partition -> plannerClocks.forget(partition.partition()));
            stats.plannersOutOfStep(plannerClocks.outOfStep());
        }

        @Override
        public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
            if (partitions.isEmpty()) {
                return;
            }
            Map<TopicPartition, OffsetAndMetadata> committed = fires.committed(new HashSet<>(partitions));
            partitions.forEach(partition -> engine.assigned(partition, committed.get(partition)));
            log.info("assigned {}", partitions);
        }
    }
}
