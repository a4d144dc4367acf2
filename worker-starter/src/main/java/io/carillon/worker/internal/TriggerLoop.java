package io.carillon.worker.internal;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.carillon.topics.offsets.DoneOffsets;

/**
 * The consumer thread of the trigger topic. Records are taken in order per partition; when the executor has no room
 * (no free slot, or too many SERIAL runs waiting) the rest wait in a pending queue while every partition is paused
 * (nothing is dropped), and polling resumes once the queue is empty. Offsets are committed asynchronously after every
 * poll, past the records taken but never past a run that was taken and waits for its {@code dueAt} or for a slot
 * ({@link RunExecutor#awaitsStart}): if this instance dies, a successor takes such runs again instead of nobody
 * running them. The offsets above such a run whose runs did start travel in the commit's metadata
 * ({@link DoneOffsets}, as the dispatcher's do), and a successor skips them: they are this instance's to report, or,
 * should it die, the planner's to find LOST and retry. A failed commit is sent again after the next poll, so the
 * triggers a successor could run a second time after a crash are at most those taken since the last poll (and those
 * whose offsets did not fit the metadata). When partitions are revoked (a rebalance, a shutdown) everything taken is
 * committed: this instance still runs what it took.
 *
 * <p>{@link #run()} owns the consumer; {@link #drain()} and {@link #stop()} may be called from any thread.
 */
final class TriggerLoop implements Runnable, ConsumerRebalanceListener {

    private static final Logger log = LoggerFactory.getLogger(TriggerLoop.class);
    static final Duration POLL_TIMEOUT = Duration.ofMillis(100);
    /**
     * How soon after the earliest run not yet started is due the loop polls again, so the commit moves past it
     * promptly: what a successor would run again after a crash is what started since the last commit.
     */
    static final Duration COMMIT_AFTER_DUE = Duration.ofMillis(10);
    private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(10);

    private final Consumer<byte[], byte[]> consumer;
    private final String topic;
    private final TriggerIntake intake;
    private final RunExecutor runs;
    private final Heartbeats heartbeats;
    private final Clock clock;
    private final Deque<ConsumerRecord<byte[], byte[]>> pending = new ArrayDeque<>();
    private final Map<TopicPartition, OffsetAndMetadata> taken = new HashMap<>();
    private final Set<TopicPartition> uncommitted = new HashSet<>();
    /** Per partition, the runs taken that had not started when taken, in offset order. */
    private final Map<TopicPartition, Deque<Unstarted>> unstarted = new HashMap<>();
    /** Per partition assigned, the offsets above the committed one that the previous owner started: not run here. */
    private final Map<TopicPartition, DoneOffsets> startedBefore = new HashMap<>();
    private volatile boolean draining;
    private volatile boolean stopping;

    TriggerLoop(Consumer<byte[], byte[]> consumer, String topic, TriggerIntake intake, RunExecutor runs,
            Heartbeats heartbeats, Clock clock) {
        this.clock = clock;
        this.consumer = consumer;
        this.topic = topic;
        this.intake = intake;
        this.runs = runs;
        this.heartbeats = heartbeats;
    }

    @Override
    public void run() {
        consumer.subscribe(List.of(topic), this);
        try {
            while (!stopping) {
                pollOnce();
            }
            commitSync(Set.copyOf(taken.keySet()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            consumer.close(CloseOptions.timeout(CLOSE_TIMEOUT)
                    .withGroupMembershipOperation(CloseOptions.GroupMembershipOperation.LEAVE_GROUP));
        }
    }

    /** Takes no more triggers; the consumer stays in the group, all partitions paused, until {@link #stop()}. */
    void drain() {
        draining = true;
    }

    /** Commits what was taken and leaves the group; the loop ends within one poll timeout. */
    void stop() {
        stopping = true;
    }

    private void pollOnce() throws InterruptedException {
        if (draining) {
            consumer.pause(consumer.assignment());
            consumer.poll(POLL_TIMEOUT);
        } else if (pending.isEmpty()) {
            consumer.resume(consumer.paused());
            consumer.poll(pollTimeout()).forEach(pending::add);
            takePending();
        } else {
            runs.awaitRoom(POLL_TIMEOUT);
            consumer.poll(Duration.ZERO).forEach(pending::add);
            takePending();
        }
        if (!pending.isEmpty()) {
            consumer.pause(consumer.assignment());
        }
        forgetStarted();
        commitAsync();
    }

    private void takePending() {
        while (!pending.isEmpty() && !draining) {
            ConsumerRecord<byte[], byte[]> next = pending.peekFirst();
            TopicPartition partition = new TopicPartition(next.topic(), next.partition());
            Taken outcome = startedBefore(partition, next.offset()) ? Taken.DEALT_WITH : intake.take(next);
            if (!outcome.done()) {
                return;
            }
            ConsumerRecord<byte[], byte[]> record = pending.removeFirst();
            taken.put(partition, new OffsetAndMetadata(record.offset() + 1));
            uncommitted.add(partition);
            if (outcome.runId() != null && runs.awaitsStart(outcome.runId())) {
                unstarted.computeIfAbsent(partition, p -> new ArrayDeque<>())
                        .add(new Unstarted(record.offset(), outcome.runId(), outcome.dueAt()));
            }
        }
    }

    /** Whether the previous owner of {@code partition} listed {@code offset} as started in its commit. */
    private boolean startedBefore(TopicPartition partition, long offset) {
        DoneOffsets started = startedBefore.get(partition);
        if (started == null) {
            return false;
        }
        if (offset >= started.last()) {
            startedBefore.remove(partition);
        }
        return started.contains(offset);
    }

    /** Until shortly after the earliest run not yet started at the front of a partition is due, at most a poll. */
    private Duration pollTimeout() {
        Instant earliest = null;
        for (Deque<Unstarted> runsOfPartition : unstarted.values()) {
            Instant due = runsOfPartition.peekFirst().dueAt();
            if (due != null && (earliest == null || due.isBefore(earliest))) {
                earliest = due;
            }
        }
        if (earliest == null) {
            return POLL_TIMEOUT;
        }
        Duration untilDue = Duration.between(clock.instant(), earliest);
        Duration wait = (untilDue.isNegative() ? Duration.ZERO : untilDue).plus(COMMIT_AFTER_DUE);
        return wait.compareTo(POLL_TIMEOUT) < 0 ? wait : POLL_TIMEOUT;
    }

    /**
     * Drops the runs that started (or ended) from each partition's unstarted runs, asking the executor about all of
     * them under one lock (one lock per run, after every poll, slowed the loop behind a backlog).
     */
    private void forgetStarted() {
        if (unstarted.isEmpty()) {
            return;
        }
        List<String> runIds = new ArrayList<>();
        unstarted.values().forEach(runsOfPartition -> runsOfPartition.forEach(run -> runIds.add(run.runId())));
        Set<String> waiting = runs.awaitingStart(runIds);
        for (var entries = unstarted.entrySet().iterator(); entries.hasNext();) {
            var entry = entries.next();
            Deque<Unstarted> runsOfPartition = entry.getValue();
            boolean moved = runsOfPartition.removeIf(run -> !waiting.contains(run.runId()));
            if (moved) {
                uncommitted.add(entry.getKey());
            }
            if (runsOfPartition.isEmpty()) {
                entries.remove();
            }
        }
    }

    private void commitAsync() {
        if (uncommitted.isEmpty()) {
            return;
        }
        Map<TopicPartition, OffsetAndMetadata> offsets = startedOffsetsOf(uncommitted);
        uncommitted.clear();
        consumer.commitAsync(offsets, (committed, error) -> {
            if (error != null) {
                log.warn("could not commit trigger offsets {}, committing them again: {}", committed,
                        error.toString());
                retryCommit(committed.keySet());
            }
        });
    }

    /**
     * Marks the partitions of a failed commit to be committed again at the end of the next poll, with whatever was
     * taken by then; a partition that took nothing since would otherwise never be committed, and a successor would
     * run its triggers again. Called on the consumer thread (commit callbacks run inside poll).
     */
    private void retryCommit(Collection<TopicPartition> partitions) {
        partitions.stream().filter(taken::containsKey).forEach(uncommitted::add);
    }

    private void commitSync(Collection<TopicPartition> partitions) {
        Map<TopicPartition, OffsetAndMetadata> offsets = offsetsOf(partitions);
        if (offsets.isEmpty()) {
            return;
        }
        try {
            consumer.commitSync(offsets);
        } catch (KafkaException e) {
            log.warn("could not commit trigger offsets {}; their triggers may be delivered again: {}", offsets,
                    e.toString());
        }
    }

    /**
     * The offsets to commit while running: past what was taken, but not past a run that has not started; the offsets
     * above it taken and started listed in the metadata.
     */
    private Map<TopicPartition, OffsetAndMetadata> startedOffsetsOf(Collection<TopicPartition> partitions) {
        Map<TopicPartition, OffsetAndMetadata> offsets = offsetsOf(partitions);
        offsets.replaceAll((partition, offset) -> {
            Deque<Unstarted> waitingRuns = unstarted.get(partition);
            return waitingRuns == null || waitingRuns.isEmpty() ? offset
                    : TriggerCommits.below(waitingRuns.stream().mapToLong(Unstarted::offset), offset.offset());
        });
        return offsets;
    }

    private Map<TopicPartition, OffsetAndMetadata> offsetsOf(Collection<TopicPartition> partitions) {
        Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
        for (TopicPartition partition : partitions) {
            OffsetAndMetadata offset = taken.get(partition);
            if (offset != null) {
                offsets.put(partition, offset);
            }
        }
        return offsets;
    }

    @Override
    public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
        log.info("trigger partitions assigned: {}", partitions);
        if (!partitions.isEmpty()) {
            consumer.committed(Set.copyOf(partitions)).forEach((partition, committed) -> {
                DoneOffsets started = committed == null ? DoneOffsets.NONE
                        : DoneOffsets.decode(committed.offset(), committed.metadata());
                if (!started.isEmpty()) {
                    startedBefore.put(partition, started);
                }
            });
        }
        heartbeats.assigned(partitions);
    }

    @Override
    public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
        log.info("trigger partitions revoked: {}", partitions);
        commitSync(partitions);
        forget(partitions);
        heartbeats.revoked(partitions);
    }

    @Override
    public void onPartitionsLost(Collection<TopicPartition> partitions) {
        log.warn("trigger partitions lost: {}", partitions);
        forget(partitions);
        heartbeats.revoked(partitions);
    }

    /** Pending records of partitions we no longer own are left to their new owner, from the committed offset. */
    private void forget(Collection<TopicPartition> partitions) {
        pending.removeIf(record -> partitions.contains(new TopicPartition(record.topic(), record.partition())));
        taken.keySet().removeAll(partitions);
        uncommitted.removeAll(partitions);
        unstarted.keySet().removeAll(partitions);
        startedBefore.keySet().removeAll(partitions);
    }

    /** A run taken from {@code offset}, due at {@code dueAt}, that had not started when it was taken. */
    private record Unstarted(long offset, String runId, Instant dueAt) {
    }
}
