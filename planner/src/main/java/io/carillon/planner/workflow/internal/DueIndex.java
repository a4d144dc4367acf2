package io.carillon.planner.workflow.internal;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * The next scheduled instant of each workflow in time order ({@link WorkflowStores#DUE}): keys are
 * {@code <epoch millis, 19 digits>|<workflow id>}, so a range read up to now finds what is due without a scan of
 * every workflow. Used by one stream task's thread only.
 */
final class DueIndex {

    private static final String SEPARATOR = "|";
    private static final String AFTER_ANY_ID = "\uffff";

    private final KeyValueStore<String, String> store;

    DueIndex(KeyValueStore<String, String> store) {
        this.store = store;
    }

    /** Moves {@code workflowId}'s entry from {@code previous} to {@code next} (either may be null: none). */
    void move(String workflowId, Instant previous, Instant next) {
        if (previous != null && !previous.equals(next)) {
            store.delete(key(previous, workflowId));
        }
        if (next != null) {
            store.put(key(next, workflowId), workflowId);
        }
    }

    /** The workflows whose next instant is at or before {@code now}, earliest first. */
    List<String> dueAt(Instant now) {
        List<String> due = new ArrayList<>();
        try (KeyValueIterator<String, String> entries = store.range(key(Instant.EPOCH, ""), key(now, AFTER_ANY_ID))) {
            while (entries.hasNext()) {
                KeyValue<String, String> entry = entries.next();
                due.add(entry.value);
            }
        }
        return due;
    }

    /** The earliest next instant of a workflow; null when none has one. */
    Instant earliest() {
        try (KeyValueIterator<String, String> entries = store.all()) {
            if (!entries.hasNext()) {
                return null;
            }
            String key = entries.next().key;
            return Instant.ofEpochMilli(Long.parseLong(key.substring(0, key.indexOf(SEPARATOR))));
        }
    }

    private static String key(Instant at, String workflowId) {
        return String.format("%019d", Math.max(0, at.toEpochMilli())) + SEPARATOR + workflowId;
    }
}
