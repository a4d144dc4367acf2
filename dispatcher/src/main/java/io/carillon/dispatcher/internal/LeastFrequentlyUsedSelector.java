package io.carillon.dispatcher.internal;

import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.WorkerHeartbeat;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * LEAST_FREQUENTLY_USED: per job, the live instance this dispatcher has sent the fewest of the job's fires (ties: the
 * first by instance id). An instance new to the job starts at the others' lowest count, so that it joins the
 * rotation instead of taking every fire until it has caught up; instances that left are forgotten.
 */
public final class LeastFrequentlyUsedSelector implements WorkerSelector {

    private final Map<String, Map<String, Long>> countsByJob = new HashMap<>();

    @Override
    public List<WorkerHeartbeat> select(FireEvent fire, List<WorkerHeartbeat> live, Instant now) {
        Map<String, Long> counts = countsByJob.computeIfAbsent(fire.jobId(), job -> new HashMap<>());
        Set<String> ids = live.stream().map(WorkerHeartbeat::instanceId).collect(Collectors.toSet());
        counts.keySet().retainAll(ids);
        long floor = counts.values().stream().mapToLong(Long::longValue).min().orElse(0);
        ids.forEach(id -> counts.putIfAbsent(id, floor));
        WorkerHeartbeat chosen = live.get(0);
        for (WorkerHeartbeat candidate : live) {
            if (counts.get(candidate.instanceId()) < counts.get(chosen.instanceId())) {
                chosen = candidate;
            }
        }
        counts.merge(chosen.instanceId(), 1L, Long::sum);
        return List.of(chosen);
    }
}
