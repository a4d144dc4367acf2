package io.carillon.topics.events;

import java.time.Instant;
import java.util.List;

/**
 * A worker's heartbeat on the compacted {@code workers} topic (key: instance id; a tombstone on clean shutdown).
 * A worker counts as live while {@code sentAt + 3 * intervalMs} has not passed.
 */
public record WorkerHeartbeat(
        int schemaVersion,
        String instanceId,
        String app,
        List<String> handlers,
        int capacity,
        int running,
        List<Integer> partitions,
        long intervalMs,
        Instant startedAt,
        Instant sentAt) {

    public static final int SCHEMA_VERSION = 1;
    public static final int MISSED_BEATS_BEFORE_DEAD = 3;

    public WorkerHeartbeat {
        schemaVersion = schemaVersion == 0 ? SCHEMA_VERSION : schemaVersion;
        handlers = handlers == null ? List.of() : List.copyOf(handlers);
        partitions = partitions == null ? List.of() : List.copyOf(partitions);
    }

    /** The instant after which this worker is considered dead unless another heartbeat arrives. */
    public Instant expiresAt() {
        return sentAt.plusMillis(MISSED_BEATS_BEFORE_DEAD * intervalMs);
    }
}
