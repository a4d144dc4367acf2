package io.carillon.worker.internal;

import java.util.LinkedHashMap;
import java.util.Map;

/** The last {@code limit} run ids taken, oldest forgotten first. Not thread-safe: the trigger loop owns it. */
final class RecentRunIds {

    /** Far more than a worker runs between two redeliveries of the same trigger, yet small in memory. */
    static final int DEFAULT_LIMIT = 10_000;

    private final Map<String, Boolean> ids;

    RecentRunIds(int limit) {
        this.ids = new LinkedHashMap<>(16, 0.75f, false) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Boolean> eldest) {
                return size() > limit;
            }
        };
    }

    boolean contains(String runId) {
        return ids.containsKey(runId);
    }

    void add(String runId) {
        ids.put(runId, Boolean.TRUE);
    }
}
