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
 * LEAST_RECENTLY_USED: per job, the live instance that had the job's fire longest ago from this dispatcher; an
 * instance that never had it comes first (ties: the first by instance id). Instances that left are forgotten.
 */
public final class LeastRecentlyUsedSelector implements WorkerSelector {

    private static final long NEVER = -1;

    private final Map<String, Map<String, Long>> lastUseByJob = new HashMap<>();
    private long uses;

    @Override
    public List<WorkerHeartbeat> select(FireEvent fire, List<WorkerHeartbeat> live, Instant now) {
        Map<String, Long> lastUse = lastUseByJob.computeIfAbsent(fire.jobId(), job -> new HashMap<>());
        Set<String> ids = live.stream().map(WorkerHeartbeat::instanceId).collect(Collectors.toSet());
        lastUse.keySet().retainAll(ids);
        WorkerHeartbeat chosen = live.get(0);
        for (WorkerHeartbeat candidate : live) {
            if (lastUse.getOrDefault(candidate.instanceId(), NEVER)
                    < lastUse.getOrDefault(chosen.instanceId(), NEVER)) {
                chosen = candidate;
            }
        }
        lastUse.put(chosen.instanceId(), uses++);
        return List.of(chosen);
    }
}
