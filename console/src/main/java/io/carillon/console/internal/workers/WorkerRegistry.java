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
 * heartbeat, by the console's clock. Thread-safe: one reader thread updates it while requests read it.
 */
@Component
public class WorkerRegistry {

    private final Map<String, WorkerHeartbeat> byInstance = new ConcurrentHashMap<>();
    private final Map<String, Long> clockOffsets = new ConcurrentHashMap<>();
    private final WorkerProperties settings;

    public WorkerRegistry(WorkerProperties settings) {
        this.settings = settings;
        if (settings.getStaleAfterMissedBeats() < 1 || settings.getMaxInstances() < 1) {
            throw new IllegalArgumentException("carillon.console.workers.stale-after-missed-beats and max-instances"
                    + " must be at least 1, were " + settings.getStaleAfterMissedBeats() + " and "
                    + settings.getMaxInstances());
        }
    }

    /**
     * Records {@code heartbeat} as the latest of {@code instanceId}, received at {@code receivedAt} by the console's
     * clock, with the estimate of how far the instance's clock is ahead of the console's ({@code clockOffsetMillis},
     * negative: behind). The registered heartbeat's {@code sentAt} is {@code receivedAt}, so staleness never depends
     * on the worker's clock.
     */
    public void update(String instanceId, WorkerHeartbeat heartbeat, Instant receivedAt, long clockOffsetMillis) {
        WorkerHeartbeat registered = heartbeat.asReceived(instanceId, receivedAt);
        byInstance.put(instanceId, registered);
        clockOffsets.put(registered.instanceId(), clockOffsetMillis);
        while (byInstance.size() > settings.getMaxInstances()) {
            byInstance.entrySet().stream()
                    .min(Map.Entry.comparingByValue(Comparator.comparing(WorkerHeartbeat::sentAt)))
                    .ifPresent(oldest -> {
                        byInstance.remove(oldest.getKey(), oldest.getValue());
                        clockOffsets.remove(oldest.getValue().instanceId());
                    });
        }
    }

    /** Forgets {@code instanceId} (it shut down cleanly). */
    public void remove(String instanceId) {
        WorkerHeartbeat removed = byInstance.remove(instanceId);
        if (removed != null) {
            clockOffsets.remove(removed.instanceId());
        }
    }

    /**
     * The estimated offset of the clock of the instance that calls itself {@code instanceId} from the console's, in
     * milliseconds; 0 when unknown.
     */
    public long clockOffsetMillis(String instanceId) {
        return clockOffsets.getOrDefault(instanceId, 0L);
    }

    /** Every instance not yet forgotten at {@code now}, by app then instance id; forgets the others. */
    public List<WorkerHeartbeat> instances(Instant now) {
        byInstance
                .values()
                .removeIf(heartbeat -> !now.isBefore(staleAt(heartbeat).plus(settings.getForgetAfter())));
        clockOffsets
                .keySet()
                .retainAll(byInstance.values().stream()
                        .map(WorkerHeartbeat::instanceId)
                        .toList());
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
