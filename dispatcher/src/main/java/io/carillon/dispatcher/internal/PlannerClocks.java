package io.carillon.dispatcher.internal;

import io.carillon.topics.workers.ClockOffsets;
import java.time.Instant;
import java.util.HashSet;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Per partition of {@code fires}, how far the clock of the planner that writes it is off this dispatcher's, from the
 * timestamps of its records (the planner stamps each record with its own clock): sampled only while the partition is
 * read up to its end, so a backlog read after a pause does not look like a planner behind. A planner whose clock is
 * behind emits its fires that much late; its partitions are logged and counted out of step. Not thread-safe: the
 * dispatch loop's thread uses it.
 */
final class PlannerClocks {

    private static final Logger log = LoggerFactory.getLogger(PlannerClocks.class);

    private final ClockOffsets offsets = new ClockOffsets();
    private final Set<Integer> outOfStep = new HashSet<>();

    /**
     * Adds the offset of the newest record of {@code partition}, stamped {@code stampedAtMillis} by its planner and
     * read at {@code receivedAt}, once that partition is read up to its end.
     */
    void sample(int partition, long stampedAtMillis, Instant receivedAt) {
        boolean wasInStep = !outOfStep.contains(partition);
        long offset = offsets.sample(key(partition), stampedAtMillis - receivedAt.toEpochMilli());
        boolean inStep = ClockOffsets.isInStep(offset);
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
        offsets.remove(key(partition));
        outOfStep.remove(partition);
    }

    /** The partitions read whose planner's clock is out of step with this dispatcher's. */
    int outOfStep() {
        return outOfStep.size();
    }

    /** The estimated offset of the clock of {@code partition}'s planner, in milliseconds (ahead: positive). */
    long offsetMillis(int partition) {
        return offsets.offsetMillis(key(partition));
    }

    private static String key(int partition) {
        return String.valueOf(partition);
    }
}
