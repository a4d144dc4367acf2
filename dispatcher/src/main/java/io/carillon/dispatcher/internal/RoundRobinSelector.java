package io.carillon.dispatcher.internal;

import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.WorkerHeartbeat;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** ROUND_ROBIN: each job's fires go to its live instances in turn (a per-job counter modulo the live count). */
public final class RoundRobinSelector implements WorkerSelector {

    private final Map<String, Integer> nextByJob = new HashMap<>();

    @Override
    public List<WorkerHeartbeat> select(FireEvent fire, List<WorkerHeartbeat> live, Instant now) {
        int turn = nextByJob.merge(fire.jobId(), 1, Integer::sum) - 1;
        return List.of(live.get(Math.floorMod(turn, live.size())));
    }
}
