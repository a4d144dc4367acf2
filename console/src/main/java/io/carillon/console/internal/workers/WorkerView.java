package io.carillon.console.internal.workers;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.carillon.topics.events.WorkerHeartbeat;
import io.carillon.topics.workers.ClockOffsets;
import java.time.Instant;
import java.util.List;

/**
 * One worker instance as its last heartbeat describes it: {@code lastHeartbeat} is when the console received it (by
 * the console's clock), {@code stale} whether it is older than the allowed missed beats, {@code clockOffsetMs} how
 * far the instance's clock is ahead of the console's (negative: behind) and {@code clockInStep} whether that is
 * within {@link ClockOffsets#MAX_OFFSET}. The host is not reported by heartbeats; a
 * worker's default instance id is {@code <host>-<pid>}. {@code busyJobs} is left out when the worker does not report it.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
record WorkerView(
        String instanceId,
        String app,
        List<String> handlers,
        int capacity,
        int running,
        int waiting,
        int lingering,
        List<Integer> partitions,
        List<String> busyJobs,
        long heartbeatIntervalMs,
        Instant startedAt,
        Instant lastHeartbeat,
        boolean stale,
        long clockOffsetMs,
        boolean clockInStep) {

    static WorkerView of(WorkerHeartbeat heartbeat, boolean stale, long clockOffsetMs) {
        return new WorkerView(
                heartbeat.instanceId(),
                heartbeat.app(),
                heartbeat.handlers(),
                heartbeat.capacity(),
                heartbeat.running(),
                heartbeat.waiting(),
                heartbeat.lingering(),
                heartbeat.partitions(),
                heartbeat.busyJobs(),
                heartbeat.intervalMs(),
                heartbeat.startedAt(),
                heartbeat.sentAt(),
                stale,
                clockOffsetMs,
                ClockOffsets.isInStep(clockOffsetMs));
    }
}
