package io.carillon.analytics.internal;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * When each monitored job needs looking at next, in a store keyed {@code <due millis, 19 digits>|<job>} → job id, so
 * a punctuator reads only the jobs that are due rather than every job. A job has at most one entry per index: its
 * monitor keeps the key of its entry and hands it back on each {@link #move}. Not thread-safe: one stream task owns
 * it.
 */
final class DueIndex {

    private static final int DUE_DIGITS = 19;

    private final KeyValueStore<String, String> store;

    DueIndex(KeyValueStore<String, String> store) {
        this.store = store;
    }

    /**
     * Moves job {@code jobId}'s entry from {@code previousKey} (null: none) to {@code due} (null: none).
     *
     * @return the key of the job's entry now, null when it has none
     */
    String move(String previousKey, Instant due, String jobId) {
        String key = due == null ? null : key(due.toEpochMilli(), jobId);
        if (previousKey != null && !previousKey.equals(key)) {
            store.delete(previousKey);
        }
        if (key != null) {
            store.put(key, jobId);
        }
        return key;
    }

    /** Removes the entry {@code key}, if any. */
    void remove(String key) {
        if (key != null) {
            store.delete(key);
        }
    }

    /** The entries due at {@code now} (key, job id), earliest first. */
    List<KeyValue<String, String>> due(Instant now) {
        List<KeyValue<String, String>> due = new ArrayList<>();
        try (KeyValueIterator<String, String> entries = store.range(key(0, ""), key(now.toEpochMilli() + 1, ""))) {
            entries.forEachRemaining(due::add);
        }
        return due;
    }

    static String key(long dueMillis, String jobId) {
        String millis = Long.toString(Math.max(0, dueMillis));
        return "0".repeat(Math.max(0, DUE_DIGITS - millis.length())) + millis + "|" + jobId;
    }
}
