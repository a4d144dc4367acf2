package io.carillon.worker.internal;

import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

/**
 * Per trigger partition, the offsets of the records whose runs are held here unclaimed, with how many runs of each
 * (a batch record holds several): a partition's commit stays at its first such record ({@link #commitPoint}). Not
 * thread-safe: the trigger loop's thread only.
 */
final class HeldOffsets {

    private final Map<TopicPartition, TreeMap<Long, Integer>> held = new HashMap<>();

    /** One more run of the record at {@code offset} is held. */
    void add(TopicPartition partition, long offset) {
        held.computeIfAbsent(partition, p -> new TreeMap<>()).merge(offset, 1, Integer::sum);
    }

    /** One run of the record at {@code offset} is held no more (claimed, or dealt with). */
    void remove(TopicPartition partition, long offset) {
        TreeMap<Long, Integer> offsets = held.get(partition);
        if (offsets != null) {
            offsets.computeIfPresent(offset, (o, runs) -> runs > 1 ? runs - 1 : null);
        }
    }

    void forget(Collection<TopicPartition> partitions) {
        held.keySet().removeAll(partitions);
    }

    /**
     * The commit of {@code partition} whose last record polled is below {@code next}: past it when nothing is held,
     * else at the first record held, the offsets above it that hold nothing listed in the metadata.
     */
    OffsetAndMetadata commitPoint(TopicPartition partition, long next) {
        TreeMap<Long, Integer> offsets = held.get(partition);
        return offsets == null || offsets.isEmpty()
                ? new OffsetAndMetadata(next)
                : TriggerCommits.below(offsets.keySet().stream().mapToLong(Long::longValue), next);
    }
}
