package io.carillon.console.internal.workers;

import io.carillon.topics.events.WorkerHeartbeat;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.stereotype.Component;

/**
 * The latest heartbeat of every worker instance, as read from the {@code workers} topic by
 * {@link WorkerRegistryReader}: an instance leaves it with its tombstone (a clean shutdown), or once it has been
 * stale for {@code forget-after}; past {@code max-instances}, the instance heard from longest ago is forgotten.
 * An instance is stale once {@code stale-after-missed-beats} of its heartbeat intervals passed since its last
 * heartbeat. Thread-safe: one reader thread updates it while requests read it.
 */
@Component
public class WorkerRegistry {

    private final Map<String, WorkerHeartbeat> byInstance = new ConcurrentHashMap<>();
    private final WorkerProperties settings;

    public WorkerRegistry(WorkerProperties settings) {
        this.settings = settings;
        if (settings.getStaleAfterMissedBeats() < 1 || settings.getMaxInstances() < 1) {
            throw new IllegalArgumentException("carillon.console.workers.stale-after-missed-beats and max-instances"
                    + " must be at least 1, were " + settings.getStaleAfterMissedBeats() + " and "
                    + settings.getMaxInstances());
        }
    }

    /** Records {@code heartbeat} as the latest of {@code instanceId}. */
    public void update(String instanceId, WorkerHeartbeat heartbeat) {
        byInstance.put(instanceId, heartbeat);
        while (byInstance.size() > settings.getMaxInstances()) {
            byInstance.entrySet().stream()
                    .min(Map.Entry.comparingByValue(Comparator.comparing(WorkerHeartbeat::sentAt)))
                    .ifPresent(oldest -> byInstance.remove(oldest.getKey(), oldest.getValue()));
        }
    }

    /** Forgets {@code instanceId} (it shut down cleanly). */
    public void remove(String instanceId) {
        byInstance.remove(instanceId);
    }

    /** Every instance not yet forgotten at {@code now}, by app then instance id; forgets the others. */
    public List<WorkerHeartbeat> instances(Instant now) {
        byInstance
                .values()
                .removeIf(heartbeat -> !now.isBefore(staleAt(heartbeat).plus(settings.getForgetAfter())));
        return byInstance.values().stream()
                .sorted(Comparator.comparing(WorkerHeartbeat::app).thenComparing(WorkerHeartbeat::instanceId))
                .toList();
    }

    /** Whether {@code heartbeat} is stale at {@code now}. */
    public boolean isStale(WorkerHeartbeat heartbeat, Instant now) {
        return !now.isBefore(staleAt(heartbeat));
    }

    private Instant staleAt(WorkerHeartbeat heartbeat) {
        return heartbeat
                .sentAt()
                .plus(Duration.ofMillis(heartbeat.intervalMs()).multipliedBy(settings.getStaleAfterMissedBeats()));
    }
}
