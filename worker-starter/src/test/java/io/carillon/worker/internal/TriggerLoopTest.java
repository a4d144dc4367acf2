package io.carillon.worker.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.carillon.topics.EventSerdes;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.events.BlockStrategy;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.Trigger;
import io.carillon.topics.events.TriggerBatch;
import io.carillon.topics.offsets.DoneOffsets;
import io.carillon.worker.JobHandlerFunction;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.LongStream;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.consumer.OffsetCommitCallback;
import org.apache.kafka.clients.consumer.RetriableCommitFailedException;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The trigger loop's claims and offset commits, with a mock consumer and producer and the real executor: a run is
 * claimed (its claim written, then committed) before it starts, a held run keeps the commit below it, a successor
 * skips what its predecessor claimed.
 */
class TriggerLoopTest {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2030-01-01T00:00:00Z"), ZoneOffset.UTC);
    private static final TopicCatalog CATALOG = TopicCatalog.defaults();
    private static final String TOPIC = CATALOG.trigger("unit");
    private static final TopicPartition PARTITION = new TopicPartition(TOPIC, 0);
    private static final Duration DEADLINE = Duration.ofSeconds(10);
    /** More than one, so that a round's claims may go to several partitions of {@code claims}. */
    private static final int CLAIMS_PARTITIONS = 3;

    private static final Instant IN_AN_HOUR = CLOCK.instant().plus(Duration.ofHours(1));

    private final MockProducer<String, byte[]> producer = new MockProducer<>(
            PublishedResults.clusterWithClaims(CATALOG, CLAIMS_PARTITIONS),
            true,
            null,
            new StringSerializer(),
            new ByteArraySerializer());
    private final EventPublisher publisher = new EventPublisher(producer, CATALOG);
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
    private final List<String> startedUncommitted = new CopyOnWriteArrayList<>();
    private final Map<String, Long> offsets = new ConcurrentHashMap<>();
    private final CountDownLatch release = new CountDownLatch(1);
    private final List<String> interrupted = new CopyOnWriteArrayList<>();
    private MockConsumer<byte[], byte[]> consumer;
    private RunExecutor runs;
    private TriggerLoop loop;
    private Thread loopThread;

    @AfterEach
    void stop() throws InterruptedException {
        release.countDown();
        if (loop != null) {
            loop.stop();
            loopThread.join(DEADLINE.toMillis());
        }
        if (runs != null) {
            runs.shutdown(Duration.ZERO);
        }
        timer.shutdownNow();
    }

    @Test
    void aFailedCommitIsSentAgainThoughThePartitionTakesNothingMore() {
        FirstCommitFails failing = new FirstCommitFails();
        startLoop(failing, unreadableRecord(0));

        await().atMost(DEADLINE).until(() -> failing.failedCommits.get() == 1);
        await("the offset past the one record is committed after the failure")
                .atMost(DEADLINE)
                .until(() -> Long.valueOf(1).equals(committedOffset(failing)));
    }

    @Test
    void aRunStartsOnlyOnceItsClaimIsWrittenAndCommitted() {
        startLoop(
                new CountingPolls(),
                triggerRecord("now", 0, CLOCK.instant()),
                triggerRecord("also-now", 1, CLOCK.instant()));

        await().atMost(DEADLINE).until(() -> endedRuns().containsAll(List.of("now#0", "also-now#0")));
        assertThat(startedUncommitted)
                .as("runs whose handler started before their offset was committed")
                .isEmpty();
        assertThat(PublishedResults.claims(producer, CATALOG))
                .allSatisfy(claim -> {
                    assertThat(claim.status()).isEqualTo(RunStatus.STARTED);
                    assertThat(claim.startedAt()).isNull();
                    assertThat(claim.instance()).isEqualTo("unit-1");
                })
                .extracting(RunResult::runId)
                .containsExactlyInAnyOrder("now#0", "also-now#0");
        assertThat(PublishedResults.of(publisher, producer, CATALOG))
                .as("no claim on results")
                .noneMatch(
                        result -> result.startedAt() == null && !result.status().isTerminal());
    }

    @Test
    void aRunHeldUntilItsClaimKeepsTheCommitBelowItAndTheClaimedRunsAboveItInTheMetadata() {
        CountingPolls counting = new CountingPolls();
        startLoop(
                counting,
                triggerRecord("later", 0, IN_AN_HOUR),
                triggerRecord("now", 1, CLOCK.instant()),
                triggerRecord("also-now", 2, CLOCK.instant()));

        await("committed at the held run, the two claimed above it listed")
                .atMost(DEADLINE)
                .until(() -> {
                    OffsetAndMetadata committed =
                            counting.committed(Set.of(PARTITION)).get(PARTITION);
                    return committed != null
                            && committed.offset() == 0
                            && DoneOffsets.decode(0, committed.metadata()).contains(1)
                            && DoneOffsets.decode(0, committed.metadata()).contains(2);
                });
        assertThat(DoneOffsets.decode(
                                0,
                                counting.committed(Set.of(PARTITION))
                                        .get(PARTITION)
                                        .metadata())
                        .contains(0))
                .isFalse();
        await().atMost(DEADLINE).until(() -> endedRuns().containsAll(List.of("now#0", "also-now#0")));
        assertThat(PublishedResults.claims(producer, CATALOG))
                .extracting(RunResult::runId)
                .as("the held run is not claimed an hour ahead")
                .doesNotContain("later#0");
        assertThat(runs.isRunning("later#0"))
                .as("the held run is not in the executor yet")
                .isFalse();
    }

    @Test
    void aSuccessorDoesNotRunWhatThePreviousOwnerListedAsClaimed() {
        PreviousOwnerCommitted counting = new PreviousOwnerCommitted(TriggerCommits.below(LongStream.of(0, 2), 3));
        startLoop(
                counting,
                triggerRecord("held", 0, CLOCK.instant()),
                triggerRecord("claimed", 1, CLOCK.instant()),
                triggerRecord("held-too", 2, CLOCK.instant()),
                triggerRecord("new", 3, CLOCK.instant()));

        await().atMost(DEADLINE).until(() -> endedRuns().containsAll(List.of("held#0", "held-too#0", "new#0")));
        await("committed past all four")
                .atMost(DEADLINE)
                .until(() -> Long.valueOf(4).equals(committedOffset(counting)));
        assertThat(endedRuns()).doesNotContain("claimed#0");
    }

    @Test
    void aClaimWhoseCommitFailedIsClaimedAgainAndTheRunRunsOnce() {
        FirstCommitSyncFails failing = new FirstCommitSyncFails();
        startLoop(failing, triggerRecord("now", 0, CLOCK.instant()));

        await().atMost(DEADLINE).until(() -> endedRuns().contains("now#0"));
        assertThat(failing.failedCommits.get()).isEqualTo(1);
        assertThat(PublishedResults.claims(producer, CATALOG))
                .as("two claims: the first one's commit failed")
                .hasSize(2);
        assertThat(endedRuns()).containsOnlyOnce("now#0");
        assertThat(startedUncommitted).isEmpty();
    }

    /**
     * A worker shutting down stops its executor taking runs while the loop may have just claimed some: those are
     * handed back, the commit going back to the first of them, so the partition's next owner runs them instead of the
     * planner ending them LOST after its grace for a departed worker.
     */
    @Test
    void claimedRunsTheStoppedExecutorNeverTookAreHandedBackToTheNextOwner() {
        CountingPolls counting = new CountingPolls();
        startLoop(counting);
        runs.shutdown(Duration.ZERO);
        counting.schedulePollTask(() -> {
            counting.addRecord(triggerRecord("refused", 0, CLOCK.instant()));
            counting.addRecord(triggerRecord("refused-too", 1, CLOCK.instant()));
        });
        await("both claimed and committed past")
                .atMost(DEADLINE)
                .until(() -> Long.valueOf(2).equals(committedOffset(counting)));
        assertThat(PublishedResults.claims(producer, CATALOG))
                .extracting(RunResult::runId)
                .containsExactlyInAnyOrder("refused#0", "refused-too#0");

        loop.drain();

        await("the commit goes back to the first claimed run not taken")
                .atMost(DEADLINE)
                .until(() -> Long.valueOf(0).equals(committedOffset(counting)));
        DoneOffsets done = DoneOffsets.decode(
                0, counting.committed(Set.of(PARTITION)).get(PARTITION).metadata());
        assertThat(done.contains(0) || done.contains(1))
                .as("neither run is listed as done: the next owner takes both")
                .isFalse();
        assertThat(endedRuns()).as("neither run started nor ended here").isEmpty();
    }

    @Test
    void theRunsOfABatchRecordAreClaimedAndCommittedTogether() {
        CountingPolls counting = new CountingPolls();
        startLoop(counting, batchRecord(0, "noop", "a", "b", "c"), triggerRecord("d", 1, CLOCK.instant()));

        await().atMost(DEADLINE).until(() -> endedRuns().containsAll(List.of("a#0", "b#0", "c#0", "d#0")));
        await("committed past both records")
                .atMost(DEADLINE)
                .until(() -> Long.valueOf(2).equals(committedOffset(counting)));
        assertThat(startedUncommitted).isEmpty();
        assertThat(PublishedResults.claims(producer, CATALOG))
                .extracting(RunResult::runId)
                .containsExactlyInAnyOrder("a#0", "b#0", "c#0", "d#0");
    }

    /**
     * A batch record some of whose runs the executor took cannot be handed back at a shutdown (its next owner would
     * run those again): its runs the executor did not take end LOST at once, and the commit stays past the record.
     */
    @Test
    void aBatchRecordPartlyTakenIsNotHandedBackAndItsRunsNotTakenEndLost() {
        CountingPolls counting = new CountingPolls();
        String[] names = {"r1", "r2", "r3", "r4", "r5", "r6"};
        startLoop(counting, batchRecord(0, "hold", names));
        await("the executor is full").atMost(DEADLINE).until(() -> runs.runningCount() == 4);

        loop.drain();

        await("the two runs not taken end LOST")
                .atMost(DEADLINE)
                .until(() -> PublishedResults.of(publisher, producer, CATALOG).stream()
                                .filter(result -> result.status() == RunStatus.LOST)
                                .count()
                        == 2);
        assertThat(PublishedResults.of(publisher, producer, CATALOG))
                .filteredOn(result -> result.status() == RunStatus.LOST)
                .allSatisfy(lost -> assertThat(lost.message()).contains("record carried runs that started here"));
        assertThat(committedOffset(counting)).isEqualTo(1L);
    }

    /**
     * When the group session expires the partitions are lost and the planner ends the runs claimed here LOST: the
     * running handler is interrupted and its run reported LOST once, so a zombie does not run alongside the retry.
     */
    @Test
    void lostPartitionsEndTheRunsHereLostAndInterruptTheirHandlers() {
        CountingPolls counting = new CountingPolls();
        startLoop(counting, triggerRecord("held-up", 0, CLOCK.instant(), "hold"));
        await().atMost(DEADLINE).until(() -> runs.runningCount() == 1);

        counting.schedulePollTask(() -> loop.onPartitionsLost(List.of(PARTITION)));

        await().atMost(DEADLINE).until(() -> interrupted.contains("held-up#0"));
        await().atMost(DEADLINE).until(() -> endedRuns().contains("held-up#0"));
        assertThat(PublishedResults.of(publisher, producer, CATALOG))
                .filteredOn(result -> result.status().isTerminal())
                .singleElement()
                .satisfies(lost -> {
                    assertThat(lost.status()).isEqualTo(RunStatus.LOST);
                    assertThat(lost.message()).contains("unit-1", "lost its trigger partitions");
                });
        assertThat(runs.isRunning("held-up#0")).isFalse();
    }

    /** Starts the loop on {@code triggerConsumer}, which is assigned the one partition holding {@code records}. */
    @SafeVarargs
    private void startLoop(MockConsumer<byte[], byte[]> triggerConsumer, ConsumerRecord<byte[], byte[]>... records) {
        consumer = triggerConsumer;
        Map<String, JobHandlerFunction> handlers = Map.of(
                "noop",
                context -> {
                    if (!committedPast(context.runId())) {
                        startedUncommitted.add(context.runId());
                    }
                    return null;
                },
                "hold",
                context -> {
                    try {
                        release.await();
                    } catch (InterruptedException e) {
                        interrupted.add(context.runId());
                        throw e;
                    }
                    return null;
                });
        WorkerSettings settings = new WorkerSettings(
                "unused:9092",
                CATALOG,
                CLOCK,
                "unit",
                "unit-1",
                4,
                Duration.ofSeconds(1),
                Duration.ofSeconds(5),
                handlers,
                Map.of());
        RunReporter reporter = new RunReporter(publisher, "unit-1", CLOCK);
        runs = new RunExecutor(settings, reporter, publisher, timer);
        TriggerIntake intake =
                new TriggerIntake(runs, publisher, CLOCK, "unit-1", reporter, new RememberedKills(CLOCK));
        loop = new TriggerLoop(
                triggerConsumer,
                TOPIC,
                intake,
                runs,
                reporter,
                publisher,
                new Heartbeats(settings, publisher, runs),
                CLOCK,
                settings.maxEarlyRuns());
        triggerConsumer.schedulePollTask(() -> {
            triggerConsumer.rebalance(List.of(PARTITION));
            triggerConsumer.updateBeginningOffsets(Map.of(PARTITION, 0L));
            for (ConsumerRecord<byte[], byte[]> record : records) {
                triggerConsumer.addRecord(record);
            }
        });
        loopThread = new Thread(loop, "trigger-loop-test");
        loopThread.start();
    }

    private List<String> endedRuns() {
        return PublishedResults.of(publisher, producer, CATALOG).stream()
                .filter(result -> result.status().isTerminal())
                .map(result -> result.runId())
                .toList();
    }

    /** Whether the committed offset of the partition is past the record of {@code runId} or lists it as claimed. */
    private boolean committedPast(String runId) {
        OffsetAndMetadata committed = consumer.committed(Set.of(PARTITION)).get(PARTITION);
        if (committed == null) {
            return false;
        }
        long offset = offsets.get(runId);
        return offset < committed.offset()
                || DoneOffsets.decode(committed.offset(), committed.metadata()).contains(offset);
    }

    private static Long committedOffset(MockConsumer<byte[], byte[]> consumer) {
        OffsetAndMetadata committed = consumer.committed(Set.of(PARTITION)).get(PARTITION);
        return committed == null ? null : committed.offset();
    }

    private ConsumerRecord<byte[], byte[]> triggerRecord(String name, long offset, Instant dueAt) {
        return triggerRecord(name, offset, dueAt, "noop");
    }

    private ConsumerRecord<byte[], byte[]> triggerRecord(String name, long offset, Instant dueAt, String handler) {
        offsets.put(name + "#0", offset);
        Trigger trigger = trigger(name, dueAt, handler);
        return new ConsumerRecord<>(
                TOPIC, 0, offset, trigger.runId().getBytes(), EventSerdes.TRIGGER.serialize(TOPIC, trigger));
    }

    /** A batch record at {@code offset} of runs named {@code names}, due now, with {@code handler}. */
    private ConsumerRecord<byte[], byte[]> batchRecord(long offset, String handler, String... names) {
        List<Trigger> triggers = new ArrayList<>();
        for (String name : names) {
            offsets.put(name + "#0", offset);
            triggers.add(trigger(name, CLOCK.instant(), handler));
        }
        return new ConsumerRecord<>(
                TOPIC,
                0,
                offset,
                triggers.get(0).runId().getBytes(),
                EventSerdes.TRIGGER_BATCH.serialize(TOPIC, new TriggerBatch(triggers)));
    }

    private static Trigger trigger(String name, Instant dueAt, String handler) {
        Instant at = CLOCK.instant();
        return new Trigger(
                Trigger.SCHEMA_VERSION,
                name + "#0",
                name,
                name,
                "unit",
                handler,
                null,
                FireKind.MANUAL,
                1,
                at,
                at,
                0,
                1,
                BlockStrategy.PARALLEL,
                0,
                null,
                null,
                dueAt);
    }

    private static ConsumerRecord<byte[], byte[]> unreadableRecord(long offset) {
        return new ConsumerRecord<>(TOPIC, 0, offset, "bad".getBytes(), "{not json".getBytes());
    }

    /** A mock consumer that counts polls. */
    private static class CountingPolls extends MockConsumer<byte[], byte[]> {

        final AtomicInteger polls = new AtomicInteger();

        CountingPolls() {
            super("earliest");
        }

        @Override
        public synchronized ConsumerRecords<byte[], byte[]> poll(Duration timeout) {
            ConsumerRecords<byte[], byte[]> records = super.poll(timeout);
            polls.incrementAndGet();
            return records;
        }
    }

    /** A mock consumer whose partition the previous owner committed at {@code previous} until this one commits. */
    private static final class PreviousOwnerCommitted extends CountingPolls {

        private final OffsetAndMetadata previous;

        PreviousOwnerCommitted(OffsetAndMetadata previous) {
            this.previous = previous;
        }

        @Override
        public synchronized Map<TopicPartition, OffsetAndMetadata> committed(Set<TopicPartition> partitions) {
            Map<TopicPartition, OffsetAndMetadata> committed = new HashMap<>(super.committed(partitions));
            committed.putIfAbsent(PARTITION, previous);
            return committed;
        }
    }

    /** A mock consumer whose first asynchronous commit fails as a busy broker's would. */
    private static final class FirstCommitFails extends MockConsumer<byte[], byte[]> {

        final AtomicInteger failedCommits = new AtomicInteger();

        FirstCommitFails() {
            super("earliest");
        }

        @Override
        public synchronized void commitAsync(
                Map<TopicPartition, OffsetAndMetadata> offsets, OffsetCommitCallback callback) {
            if (failedCommits.compareAndSet(0, 1)) {
                callback.onComplete(offsets, new RetriableCommitFailedException("the broker is busy"));
                return;
            }
            super.commitAsync(offsets, callback);
        }
    }

    /** A mock consumer whose first synchronous commit fails as a busy broker's would. */
    private static final class FirstCommitSyncFails extends CountingPolls {

        final AtomicInteger failedCommits = new AtomicInteger();

        @Override
        public synchronized void commitSync(Map<TopicPartition, OffsetAndMetadata> offsets) {
            if (failedCommits.compareAndSet(0, 1)) {
                throw new RetriableCommitFailedException("the broker is busy");
            }
            super.commitSync(offsets);
        }
    }
}
