package io.carillon.bench.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The longest time any one job went without a handler start after a start in an interval, from the first start of
 * each run (any attempt, any shard): what a user sees of a fail-over. For the interval [{@code from}, {@code to}) a
 * job's gaps are those that begin there: from a start in the interval to the job's next start, or to {@code end},
 * the end of observation, when none followed. So a gap belongs to the interval where the job last fired before it
 * (a fault whose gap spans the next fault counts once, for the fault that caused it); a job that is never disturbed
 * shows about its period. Built once, then used by one thread.
 */
final class FireGaps {

    private final Map<String, long[]> startsPerJob;
    private final long endMicros;

    private FireGaps(Map<String, long[]> startsPerJob, long endMicros) {
        this.startsPerJob = startsPerJob;
        this.endMicros = endMicros;
    }

    /** The first starts of every run {@code starts} holds, per job, observed until {@code endMicros}. */
    static FireGaps of(HandlerStarts starts, long endMicros) {
        Map<String, List<Long>> collected = new HashMap<>();
        starts.forEach((key, seen) -> collected
                .computeIfAbsent(key.jobId(), ignored -> new ArrayList<>())
                .add(seen.firstStartMicros()));
        Map<String, long[]> sorted = new HashMap<>();
        collected.forEach((job, list) -> {
            long[] micros = list.stream().mapToLong(Long::longValue).toArray();
            Arrays.sort(micros);
            sorted.put(job, micros);
        });
        return new FireGaps(sorted, endMicros);
    }

    /** The longest gap of any job that begins in [{@code fromMicros}, {@code toMicros}), in microseconds; 0 if none. */
    long longestGapMicros(long fromMicros, long toMicros) {
        long longest = 0;
        for (long[] micros : startsPerJob.values()) {
            longest = Math.max(longest, longestGap(micros, fromMicros, toMicros));
        }
        return longest;
    }

    private long longestGap(long[] micros, long fromMicros, long toMicros) {
        long longest = 0;
        for (int i = 0; i < micros.length; i++) {
            if (micros[i] >= fromMicros && micros[i] < toMicros) {
                long next = i + 1 < micros.length ? micros[i + 1] : endMicros;
                longest = Math.max(longest, next - micros[i]);
            }
        }
        return longest;
    }
}
