package io.carillon.bench.internal;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The handler starts of workflow nodes, each node's job expected to start exactly once (every attempt counts, as a
 * node of the pipeline has no retry): how many started, never started, started more than once, and the starts of
 * jobs not expected. Immutable.
 */
record NodeStartTally(long expected, long started, long neverStarted, long startedTwice, long starts, long strays) {

    /** The tally of {@code starts} against one start of each of {@code nodeJobIds}. */
    static NodeStartTally of(List<String> nodeJobIds, HandlerStarts starts) {
        Map<String, Integer> perJob = new HashMap<>(nodeJobIds.size() * 2);
        nodeJobIds.forEach(id -> perJob.put(id, 0));
        long[] strays = {0};
        long[] total = {0};
        starts.forEach((key, seen) -> {
            total[0] += seen.count();
            if (perJob.containsKey(key.jobId())) {
                perJob.merge(key.jobId(), seen.count(), Integer::sum);
            } else {
                strays[0] += seen.count();
            }
        });
        long started = perJob.values().stream().filter(count -> count > 0).count();
        long twice = perJob.values().stream().filter(count -> count > 1).count();
        return new NodeStartTally(nodeJobIds.size(), started, nodeJobIds.size() - started, twice, total[0], strays[0]);
    }
}
