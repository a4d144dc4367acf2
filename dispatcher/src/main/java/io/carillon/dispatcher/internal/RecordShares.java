package io.carillon.dispatcher.internal;

import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.common.TopicPartition;

/**
 * For each {@code fires} record that carries several fires (a batch), how many of them are not finished yet: the
 * record is done, and its offset may be committed past, when the last of them is. A record of one fire has no entry
 * and is done with its fire. Not thread-safe: the dispatcher's loop thread only.
 */
final class RecordShares {

    private final Map<TopicPartition, Map<Long, Integer>> open = new HashMap<>();

    /** The record at {@code offset} carries {@code fires} fires, each to be finished on its own. */
    void open(TopicPartition partition, long offset, int fires) {
        if (fires > 1) {
            open.computeIfAbsent(partition, p -> new HashMap<>()).put(offset, fires);
        }
    }

    /** Whether finishing one more fire of the record at {@code offset} finishes the record. */
    boolean isLast(TopicPartition partition, long offset) {
        Integer left = left(partition, offset);
        return left == null || left <= 1;
    }

    /** Finishes one fire of the record at {@code offset}; true when that finished the record. */
    boolean release(TopicPartition partition, long offset) {
        Integer left = left(partition, offset);
        if (left == null) {
            return true;
        }
        Map<Long, Integer> records = open.get(partition);
        if (left <= 1) {
            records.remove(offset);
            if (records.isEmpty()) {
                open.remove(partition);
            }
            return true;
        }
        records.put(offset, left - 1);
        return false;
    }

    /** Forgets the records of {@code partitions} (no longer this dispatcher's). */
    void forget(Collection<TopicPartition> partitions) {
        open.keySet().removeAll(partitions);
    }

    private Integer left(TopicPartition partition, long offset) {
        Map<Long, Integer> records = open.get(partition);
        return records == null ? null : records.get(offset);
    }
}
