package io.carillon.dispatcher.internal;

import io.carillon.topics.events.WorkerHeartbeat;
import java.time.Instant;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The latest heartbeat of every worker instance, as read from the {@code workers} topic. Not thread-safe: the
 * dispatcher reads and updates it from its own thread.
 */
public final class WorkerRegistry {

    private final Map<String, WorkerHeartbeat> byInstance = new HashMap<>();

    /** Records {@code heartbeat} as the latest of {@code instanceId}. */
    public void update(String instanceId, WorkerHeartbeat heartbeat) {
        byInstance.put(instanceId, heartbeat);
    }

    /** Forgets {@code instanceId} (it shut down cleanly). */
    public void remove(String instanceId) {
        byInstance.remove(instanceId);
    }

    /**
     * The instances of {@code app} live at {@code now} that have {@code handler}, restricted to {@code pinned} when
     * that is not empty, ordered by instance id.
     */
    public List<WorkerHeartbeat> live(String app, String handler, List<String> pinned, Instant now) {
        return byInstance.values().stream()
                .filter(heartbeat -> app.equals(heartbeat.app()))
                .filter(heartbeat -> heartbeat.handlers().contains(handler))
                .filter(heartbeat -> now.isBefore(heartbeat.expiresAt()))
                .filter(heartbeat -> pinned.isEmpty() || pinned.contains(heartbeat.instanceId()))
                .sorted(Comparator.comparing(WorkerHeartbeat::instanceId))
                .toList();
    }

    public int size() {
        return byInstance.size();
    }
}
