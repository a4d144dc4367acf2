package io.carillon.dispatcher.internal;

import java.time.Instant;
import java.util.Comparator;
import java.util.List;

import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.FireIds;
import io.carillon.topics.events.WorkerHeartbeat;

/**
 * BUSYOVER: the first instance (by instance id) not running this job, as far as this dispatcher knows from the runs
 * it sent ({@link RunTracker}). When every instance is running it, the one running it the fewest times, then the one
 * whose heartbeat reports the fewest running runs of any job (its block strategy then decides).
 */
public final class BusyoverSelector implements WorkerSelector {

    private final RunTracker tracker;

    public BusyoverSelector(RunTracker tracker) {
        this.tracker = tracker;
    }

    @Override
    public List<WorkerHeartbeat> select(FireEvent fire, List<WorkerHeartbeat> live, Instant now) {
        WorkerHeartbeat chosen = live.stream().filter(instance -> running(fire, instance, now) == 0).findFirst()
                .orElseGet(() -> live.stream()
                        .min(Comparator.<WorkerHeartbeat>comparingInt(instance -> running(fire, instance, now))
                                .thenComparingInt(WorkerHeartbeat::running))
                        .orElseThrow());
        tracker.dispatched(FireIds.runId(fire.fireId(), 0), fire.jobId(), chosen.instanceId(), now, fire.timeoutMs());
        return List.of(chosen);
    }

    private int running(FireEvent fire, WorkerHeartbeat instance, Instant now) {
        return tracker.running(fire.jobId(), instance.instanceId(), now);
    }
}
