package io.carillon.topics.workers;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

/**
 * Per worker instance, how far its clock is ahead of this dispatcher's (negative: behind), estimated from its
 * heartbeats as the largest {@code sentAt - receivedAt} of its last {@value #SAMPLES}: the time a heartbeat spends on
 * its way only ever makes a clock look further behind, so the least delayed heartbeat is the best estimate. An
 * instance without samples counts as in step. The dispatcher routes by it and the console shows it. Not thread-safe:
 * one thread, the one that reads the heartbeats, uses it.
 */
public final class ClockOffsets {

    /** How many of an instance's latest heartbeats the estimate is taken from. */
    public static final int SAMPLES = 8;
    /** An instance whose estimate is further off than this, either way, counts as out of step. */
    public static final Duration MAX_OFFSET = Duration.ofSeconds(2);

    private final Map<String, Samples> byInstance = new HashMap<>();

    /** Adds the offset {@code sentAt - receivedAt} of one heartbeat of {@code instanceId}; returns the new estimate. */
    public long sample(String instanceId, long offsetMillis) {
        return byInstance.computeIfAbsent(instanceId, id -> new Samples()).add(offsetMillis);
    }

    /** The estimate for {@code instanceId} in milliseconds; 0 without samples. */
    public long offsetMillis(String instanceId) {
        Samples samples = byInstance.get(instanceId);
        return samples == null ? 0 : samples.estimate();
    }

    /** Whether an estimate of {@code offsetMillis} is within {@link #MAX_OFFSET}. */
    public static boolean isInStep(long offsetMillis) {
        return Math.abs(offsetMillis) <= MAX_OFFSET.toMillis();
    }

    /** Forgets {@code instanceId}'s samples. */
    public void remove(String instanceId) {
        byInstance.remove(instanceId);
    }

    private static final class Samples {
        private final long[] values = new long[SAMPLES];
        private int count;
        private int next;

        long add(long value) {
            values[next] = value;
            next = (next + 1) % SAMPLES;
            count = Math.min(count + 1, SAMPLES);
            return estimate();
        }

        long estimate() {
            long max = Long.MIN_VALUE;
            for (int i = 0; i < count; i++) {
                max = Math.max(max, values[i]);
            }
            return count == 0 ? 0 : max;
        }
    }
}
