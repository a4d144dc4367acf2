package io.carillon.dispatcher.internal;

import io.carillon.topics.workers.ClockOffsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Per partition of {@code fires}, how far the clock of the planner that writes it is off this dispatcher's, from the
 * timestamps of its records (the planner stamps each record with its own clock): sampled only while the partition is
 * read up to its end, so a backlog read after a pause does not look like a planner behind. The estimate is the
 * largest {@code stamped - received} of the last {@link #WINDOW}: a record becomes readable only when the planner's
 * transaction commits, so every delay makes a clock look behind and the least delayed record is the best estimate. A
 * planner ahead by more than {@link ClockOffsets#MAX_OFFSET} is out of step at once; one behind only once its records
 * have shown it for at least half the window, since commits held up for seconds (a broker lost, a burst of new jobs
 * on a slow cluster) look the same for a while. A planner whose clock is behind emits its fires that much late; its partitions are logged and
 * counted out of step. Not thread-safe: the dispatch loop's thread uses it.
 */
final class PlannerClocks {

    /** The span of the samples the estimate is taken from; a planner behind shows it for half of it first. */
    static final Duration WINDOW = Duration.ofSeconds(30);

    private static final Logger log = LoggerFactory.getLogger(PlannerClocks.class);

    private final Map<Integer, PartitionSamples> byPartition = new HashMap<>();
    private final Set<Integer> outOfStep = new HashSet<>();

    /**
     * Adds the offset of the newest record of {@code partition}, stamped {@code stampedAtMillis} by its planner and
     * read at {@code receivedAt}, once that partition is read up to its end.
     */
    void sample(int partition, long stampedAtMillis, Instant receivedAt) {
        PartitionSamples samples = byPartition.computeIfAbsent(partition, ignored -> new PartitionSamples());
        long offset = samples.add(stampedAtMillis - receivedAt.toEpochMilli(), receivedAt);
        boolean wasInStep = !outOfStep.contains(partition);
        boolean inStep = ClockOffsets.isInStep(offset) || offset < 0 && !samples.spanHalfTheWindow();
        if (inStep && !wasInStep) {
            outOfStep.remove(partition);
            log.info(
                    "the planner writing fires partition {} is in step with this dispatcher's clock again ({} ms)",
                    partition,
                    offset);
        } else if (!inStep && wasInStep) {
            outOfStep.add(partition);
            log.warn(
                    "the planner writing fires partition {} has a clock {} ms {} this dispatcher's: its fires start"
                            + " late by that much when it is behind; check the time sync of its host",
                    partition,
                    Math.abs(offset),
                    offset > 0 ? "ahead of" : "behind");
        }
    }

    /** Forgets the samples of {@code partition}, which this dispatcher no longer reads. */
    void forget(int partition) {
        byPartition.remove(partition);
        outOfStep.remove(partition);
    }

    /** The partitions read whose planner's clock is out of step with this dispatcher's. */
    int outOfStep() {
        return outOfStep.size();
    }

    /** The estimated offset of the clock of {@code partition}'s planner, in milliseconds (ahead: positive). */
    long offsetMillis(int partition) {
        PartitionSamples samples = byPartition.get(partition);
        return samples == null ? 0 : samples.estimate();
    }

    /** One partition's samples: the largest offset of each second of the window, in a ring of seconds. */
    private static final class PartitionSamples {

        private static final int SECONDS = Math.toIntExact(WINDOW.toSeconds());

        private final long[] secondOf = new long[SECONDS];
        private final long[] largest = new long[SECONDS];
        private long newestSecond = Long.MIN_VALUE;

        PartitionSamples() {
            Arrays.fill(secondOf, Long.MIN_VALUE);
        }

        long add(long offsetMillis, Instant receivedAt) {
            long second = receivedAt.getEpochSecond();
            int slot = Math.floorMod(second, SECONDS);
            if (secondOf[slot] != second) {
                secondOf[slot] = second;
                largest[slot] = offsetMillis;
            } else {
                largest[slot] = Math.max(largest[slot], offsetMillis);
            }
            newestSecond = Math.max(newestSecond, second);
            return estimate();
        }

        long estimate() {
            long estimate = Long.MIN_VALUE;
            for (int slot = 0; slot < SECONDS; slot++) {
                if (retained(slot)) {
                    estimate = Math.max(estimate, largest[slot]);
                }
            }
            return estimate == Long.MIN_VALUE ? 0 : estimate;
        }

        /** Whether the samples of the window reach back at least half of it: enough to call a planner behind. */
        boolean spanHalfTheWindow() {
            long oldest = newestSecond;
            for (int slot = 0; slot < SECONDS; slot++) {
                if (retained(slot)) {
                    oldest = Math.min(oldest, secondOf[slot]);
                }
            }
            return newestSecond - oldest >= SECONDS / 2;
        }

        private boolean retained(int slot) {
            return secondOf[slot] != Long.MIN_VALUE && newestSecond - secondOf[slot] < SECONDS;
        }
    }
}
