package io.carillon.bench.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The longest time any one job went without a handler start across an interval, from the first start of each run
 * (any attempt, any shard): what a user sees of a fail-over. For the interval [{@code from}, {@code to}) a job's gap
 * is the longest stretch between two consecutive starts where the later one is after {@code from} and the earlier
 * one before {@code to}; a job with no start after {@code from} counts from its last start to {@code end}, the end of
 * observation. A job that is never disturbed shows about its period. Built once, then used by one thread.
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
        starts.forEach((key, seen) -> collected.computeIfAbsent(key.jobId(), ignored -> new ArrayList<>())
                .add(seen.firstStartMicros()));
        Map<String, long[]> sorted = new HashMap<>();
        collected.forEach((job, list) -> {
            long[] micros = list.stream().mapToLong(Long::longValue).toArray();
            Arrays.sort(micros);
            sorted.put(job, micros);
        });
        return new FireGaps(sorted, endMicros);
    }

    /** The longest gap of any job across [{@code fromMicros}, {@code toMicros}), in microseconds; 0 if no job. */
    long longestGapMicros(long fromMicros, long toMicros) {
        long longest = 0;
        for (long[] micros : startsPerJob.values()) {
            longest = Math.max(longest, longestGap(micros, fromMicros, toMicros));
        }
        return longest;
    }

    private long longestGap(long[] micros, long fromMicros, long toMicros) {
        if (micros.length == 0) {
            return 0;
        }
        long last = micros[micros.length - 1];
        long longest = last <= fromMicros ? endMicros - last : 0;
        for (int i = 1; i < micros.length; i++) {
            if (micros[i] > fromMicros && micros[i - 1] < toMicros) {
                longest = Math.max(longest, micros[i] - micros[i - 1]);
            }
        }
        return longest;
    }
}
