package io.carillon.dispatcher.internal;

import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.FireIds;
import io.carillon.topics.events.WorkerHeartbeat;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;

/**
 * BUSYOVER: the first instance (by instance id) not busy with this job. An instance is busy with it when its latest
 * heartbeat lists the job among its busy jobs (a run running or waiting there; this survives a dispatcher restart and
 * sees runs sent by other dispatchers), or when this dispatcher sent it a run of the job that starts after that
 * heartbeat was sent, not yet ended ({@link RunTracker}): a worker holds a trigger until it is due, so a heartbeat sent
 * before a run's due instant cannot list it. A heartbeat of a worker too old to list its busy jobs falls back on the tracker alone.
 * When every instance is busy with the job, the one with the fewest runs running and waiting (its block strategy then
 * decides).
 */
public final class BusyoverSelector implements WorkerSelector {

    private final RunTracker tracker;

    public BusyoverSelector(RunTracker tracker) {
        this.tracker = tracker;
    }

    @Override
    public List<WorkerHeartbeat> select(FireEvent fire, List<WorkerHeartbeat> live, Instant now) {
        WorkerHeartbeat chosen = live.stream()
                .filter(instance -> !busy(fire, instance, now))
                .findFirst()
                .orElseGet(() -> live.stream()
                        .min(Comparator.comparingInt(
                                (WorkerHeartbeat instance) -> instance.running() + instance.waiting()))
                        .orElseThrow());
        Instant startsAt = fire.dueAt().isAfter(now) ? fire.dueAt() : now;
        tracker.dispatched(
                FireIds.runId(fire.fireId(), 0), fire.jobId(), chosen.instanceId(), startsAt, fire.timeoutMs());
        return List.of(chosen);
    }

    private boolean busy(FireEvent fire, WorkerHeartbeat instance, Instant now) {
        if (instance.busyJobs() == null) {
            return tracker.running(fire.jobId(), instance.instanceId(), now) > 0;
        }
        return instance.isBusyWith(fire.jobId())
                || tracker.sentSince(fire.jobId(), instance.instanceId(), instance.sentAt(), now);
    }
}
