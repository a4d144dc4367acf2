package io.carillon.worker.internal;

import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The trigger loop's positions and commits: per partition owned, the offset after the last record polled, the records
 * whose runs are held unclaimed ({@link HeldOffsets}), and whether a commit is owed. A partition's commit is past what
 * was polled, but never past a held run: then at the first record holding one, the offsets above it that hold none
 * listed in the metadata. Not thread-safe: the trigger loop's thread only (commit callbacks run inside its poll).
 */
final class TriggerPositions {

    private static final Logger log = LoggerFactory.getLogger(TriggerPositions.class);

    private final Consumer<byte[], byte[]> consumer;
    private final HeldOffsets held = new HeldOffsets();
    private final Map<TopicPartition, Long> next = new HashMap<>();
    private final Set<TopicPartition> uncommitted = new HashSet<>();

    TriggerPositions(Consumer<byte[], byte[]> consumer) {
        this.consumer = consumer;
    }

    /** The record at {@code offset} of {@code partition} was polled; the partition owes a commit. */
    void polled(TopicPartition partition, long offset) {
        next.put(partition, offset + 1);
        uncommitted.add(partition);
    }

    /** A run of the record at {@code offset} is held unclaimed. */
    void hold(TopicPartition partition, long offset) {
        held.add(partition, offset);
    }

    /** A run of the record at {@code offset} is held no more. */
    void release(TopicPartition partition, long offset) {
        held.remove(partition, offset);
    }

    /** Whether {@code partition} is owned here (a record of it was polled since it was assigned). */
    boolean owns(TopicPartition partition) {
        return next.containsKey(partition);
    }

    Set<TopicPartition> owned() {
        return Set.copyOf(next.keySet());
    }

    /** {@code partitions} owe a commit, written at the next {@link #commitAsync()}. */
    void toCommit(Collection<TopicPartition> partitions) {
        uncommitted.addAll(partitions);
    }

    /**
     * Commits {@code partitions} and waits for it.
     *
     * @throws KafkaException when the commit fails; the partitions still owe it
     */
    void commitNow(Collection<TopicPartition> partitions) {
        consumer.commitSync(offsetsOf(partitions));
        uncommitted.removeAll(partitions);
    }

    /** Commits {@code partitions} and waits for it, logging a failure: their triggers may then come again. */
    void commitQuietly(Collection<TopicPartition> partitions) {
        Map<TopicPartition, OffsetAndMetadata> offsets = offsetsOf(partitions);
        if (offsets.isEmpty()) {
            return;
        }
        try {
            consumer.commitSync(offsets);
        } catch (KafkaException e) {
            log.warn(
                    "could not commit trigger offsets {}; their triggers may be delivered again: {}",
                    offsets,
                    e.toString());
        }
    }

    /**
     * Commits the partitions that owe a commit without waiting; a failed commit is owed again, with whatever was polled
     * by then (a partition that polled nothing since would otherwise never be committed, and a successor would run
     * its triggers again).
     */
    void commitAsync() {
        if (uncommitted.isEmpty()) {
            return;
        }
        Map<TopicPartition, OffsetAndMetadata> offsets = offsetsOf(uncommitted);
        uncommitted.clear();
        consumer.commitAsync(offsets, (committed, error) -> {
            if (error != null) {
                log.warn("could not commit trigger offsets {}, committing them again: {}", committed, error.toString());
                committed.keySet().stream().filter(next::containsKey).forEach(uncommitted::add);
            }
        });
    }

    /** Forgets {@code partitions} (revoked or lost). */
    void forget(Collection<TopicPartition> partitions) {
        held.forget(partitions);
        next.keySet().removeAll(partitions);
        uncommitted.removeAll(partitions);
    }

    private Map<TopicPartition, OffsetAndMetadata> offsetsOf(Collection<TopicPartition> partitions) {
        Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
        for (TopicPartition partition : partitions) {
            Long after = next.get(partition);
            if (after != null) {
                offsets.put(partition, held.commitPoint(partition, after));
            }
        }
        return offsets;
    }
}
