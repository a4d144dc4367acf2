package io.carillon.topics.events;

import java.time.Instant;
import java.util.List;

/**
 * A worker's heartbeat on the compacted {@code workers} topic (key: instance id; a tombstone on clean shutdown).
 * A worker counts as live for {@value #MISSED_BEATS_BEFORE_DEAD} intervals after its latest heartbeat: the planner and the
 * dispatcher count them from the instant they received it, by their own clocks, so a worker whose clock is off is
 * judged right; {@link #expiresAt()} counts them from {@code sentAt}, by the worker's clock.
 *
 * <p>{@code running} counts the runs whose handler has started and not ended; {@code waiting} the runs taken that
 * have not started yet (queued behind a run of their job, or waiting for their {@code dueAt}); {@code lingering} the
 * threads still in the handler of a run that was already ended (timed out, killed) and ignores interruption.
 * {@code busyJobs} lists the ids of the jobs with a run running or waiting here; null in heartbeats of workers that
 * predate it (unknown, not "none").
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
        Instant sentAt,
        int waiting,
        int lingering,
        List<String> busyJobs) {

    public static final int SCHEMA_VERSION = 1;
    public static final int MISSED_BEATS_BEFORE_DEAD = 3;

    public WorkerHeartbeat {
        schemaVersion = schemaVersion == 0 ? SCHEMA_VERSION : schemaVersion;
        handlers = handlers == null ? List.of() : List.copyOf(handlers);
        partitions = partitions == null ? List.of() : List.copyOf(partitions);
        busyJobs = busyJobs == null ? null : List.copyOf(busyJobs);
    }

    /** A heartbeat without waiting and lingering counts and without the busy jobs (unknown). */
    public WorkerHeartbeat(
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
        this(
                schemaVersion,
                instanceId,
                app,
                handlers,
                capacity,
                running,
                partitions,
                intervalMs,
                startedAt,
                sentAt,
                0,
                0,
                null);
    }

    /** Whether this heartbeat says that {@code jobId} has a run running or waiting here; false when unknown. */
    public boolean isBusyWith(String jobId) {
        return busyJobs != null && busyJobs.contains(jobId);
    }

    /**
     * This heartbeat as a reader that judges liveness on its own clock registers it: {@code sentAt} replaced by
     * {@code receivedAt}, and the instance id taken from {@code key} when the heartbeat has none.
     */
    public WorkerHeartbeat asReceived(String key, Instant receivedAt) {
        return new WorkerHeartbeat(
                schemaVersion,
                instanceId == null ? key : instanceId,
                app,
                handlers,
                capacity,
                running,
                partitions,
                intervalMs,
                startedAt,
                receivedAt,
                waiting,
                lingering,
                busyJobs);
    }

    /** The instant after which this worker is considered dead unless another heartbeat arrives. */
    public Instant expiresAt() {
        return sentAt.plusMillis(MISSED_BEATS_BEFORE_DEAD * intervalMs);
    }
}
