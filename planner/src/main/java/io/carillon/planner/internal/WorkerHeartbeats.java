package io.carillon.planner.internal;

import io.carillon.topics.EventSerdes;
import io.carillon.topics.InvalidEventException;
import io.carillon.topics.events.WorkerHeartbeat;
import java.time.Instant;
import java.util.Optional;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * Reads the global heartbeat store ({@link PlannerStores#WORKERS}: instance id → the raw bytes of its latest
 * {@link WorkerHeartbeat}, removed on a tombstone). The bytes are parsed here because Kafka Streams restores a global
 * store by copying the topic's records, not through {@link HeartbeatStoreProcessor}. Used by one stream task's
 * thread only.
 */
final class WorkerHeartbeats {

    private final ReadOnlyKeyValueStore<String, byte[]> store;

    WorkerHeartbeats(ReadOnlyKeyValueStore<String, byte[]> store) {
        this.store = store;
    }

    /** The latest heartbeat of {@code instanceId}; empty when it has none (never seen, or shut down cleanly). */
    Optional<WorkerHeartbeat> latest(String instanceId) {
        byte[] bytes = store.get(instanceId);
        if (bytes == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(EventSerdes.HEARTBEAT.deserialize(PlannerStores.WORKERS, bytes));
        } catch (InvalidEventException e) {
            return Optional.empty();
        }
    }

    /** Whether {@code heartbeat} says its worker is alive at {@code now}. */
    static boolean alive(WorkerHeartbeat heartbeat, Instant now) {
        return heartbeat.sentAt() != null && !heartbeat.expiresAt().isBefore(now);
    }
}
