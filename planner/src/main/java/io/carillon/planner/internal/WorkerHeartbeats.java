package io.carillon.planner.internal;

import io.carillon.topics.EventSerdes;
import io.carillon.topics.InvalidEventException;
import io.carillon.topics.events.WorkerHeartbeat;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * Reads the global heartbeat store ({@link PlannerStores#WORKERS}: instance id → its latest {@link WorkerHeartbeat}
 * with the instant, by the planner's clock, at which {@link HeartbeatStoreProcessor} received it; removed on a
 * tombstone). A worker's liveness is judged on the planner's clock: alive until {@code receivedAt} plus the
 * heartbeat's own time to live ({@link WorkerHeartbeat#MISSED_BEATS_BEFORE_DEAD} times its {@code intervalMs}), so
 * a worker whose clock is behind or ahead keeps its runs while it beats and loses them one time to live after it
 * stops. A value of the raw heartbeat JSON (written before the receipt was kept) counts as received at its
 * {@code sentAt}. Used by one stream task's thread only; {@link #encode} by the global stream thread.
 */
final class WorkerHeartbeats {

    private final ReadOnlyKeyValueStore<String, byte[]> store;

    WorkerHeartbeats(ReadOnlyKeyValueStore<String, byte[]> store) {
        this.store = store;
    }

    /** The latest heartbeat of {@code instanceId}; empty when it has none (never seen, or shut down cleanly). */
    Optional<Received> latest(String instanceId) {
        byte[] bytes = store.get(instanceId);
        if (bytes == null) {
            return Optional.empty();
        }
        try {
            if (StoreEncoding.isJson(bytes)) {
                WorkerHeartbeat heartbeat = EventSerdes.HEARTBEAT.deserialize(PlannerStores.WORKERS, bytes);
                return Optional.of(new Received(heartbeat, heartbeat.sentAt()));
            }
            StoreEncoding.Reader reader = new StoreEncoding.Reader(bytes);
            Instant receivedAt = reader.readInstant();
            WorkerHeartbeat heartbeat = EventSerdes.HEARTBEAT.deserialize(PlannerStores.WORKERS, reader.readBytes());
            return Optional.of(new Received(heartbeat, receivedAt));
        } catch (InvalidEventException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /** The store value of the heartbeat {@code json}, received at {@code receivedAt} by the planner's clock. */
    static byte[] encode(Instant receivedAt, byte[] json) {
        return new StoreEncoding.Writer(json.length + Long.BYTES + 2 * Integer.BYTES + 2)
                .writeInstant(receivedAt)
                .writeBytes(json)
                .toByteArray();
    }

    /**
     * A heartbeat and when the planner received it.
     *
     * @param receivedAt by the planner's clock; the worker's {@code sentAt} for a value without it
     */
    record Received(WorkerHeartbeat heartbeat, Instant receivedAt) {

        /** The planner's instant after which the worker counts as dead unless another heartbeat arrives. */
        Instant expiresAt() {
            return receivedAt.plus(timeToLive());
        }

        /**
         * The planner's instant after which the worker counts as dead for a run whose claim shows it alive at
         * {@code aliveAt}: the later of {@link #expiresAt()} and {@code aliveAt} plus the heartbeat's time to live
         * (a claim written after the last heartbeat expired comes from a worker whose heartbeats are held up).
         */
        Instant expiresAfter(Instant aliveAt) {
            Instant byClaim = aliveAt.plus(timeToLive());
            return byClaim.isAfter(expiresAt()) ? byClaim : expiresAt();
        }

        private Duration timeToLive() {
            return Duration.ofMillis(WorkerHeartbeat.MISSED_BEATS_BEFORE_DEAD * heartbeat.intervalMs());
        }

        /** Whether the worker counts as alive at the planner's {@code now}. */
        boolean alive(Instant now) {
            return heartbeat.sentAt() != null
                    && receivedAt != null
                    && !expiresAt().isBefore(now);
        }
    }
}
