package io.carillon.planner.internal;

import java.time.Duration;
import java.time.Instant;

/**
 * How far one stream task has read {@code results}: the latest record timestamp it processed, and whether it is
 * still reading. The open-run check gives its verdict (LOST, TIMED_OUT) on a run only once the task has read a result
 * stamped at or after the instant the verdict is for, or has read neither a result nor a claim for {@link #QUIET}
 * (caught up, or its partitions are quiet). A claim counts because its runs' results follow it within a fraction of
 * a second: claims read while no result comes mean the results are held up (their partition's leader lost, its
 * leadership not yet moved), not that there are none, and a worker's results held up with its heartbeats would
 * otherwise make the runs it finished LOST. Without this, a planner that lags behind {@code results} (a backlog after a fail-over
 * or a burst) reads a run's STARTED, finds its worker dead by now, and calls the run LOST although its SUCCEEDED,
 * written before the worker died, is the next record in the partition: the run would be retried and run twice. Quiet
 * time counts from the task's first check, not from its creation: a task taken over from a killed planner restores
 * its open runs before it reads a single result, and its first check must not take the restore for quiet. Used by
 * one stream task's thread only.
 */
final class ResultsProgress {

    /**
     * No result read for this long, across open-run checks, means nothing is waiting to be read. Three of the
     * default one-second checks: a task working through a backlog reads results between any two checks.
     */
    static final Duration QUIET = Duration.ofSeconds(3);

    private long latestMillis = Long.MIN_VALUE;
    /** Results and claims processed, and how many of them the last look had seen. */
    private long reads;

    private long readsAtLastLook;
    /** Null until the first look, which counts as having seen a read: a task is quiet only from its first check. */
    private Instant lastReadSeenAt;

    /** A result stamped {@code timestampMillis} was processed. */
    void read(long timestampMillis) {
        latestMillis = Math.max(latestMillis, timestampMillis);
        reads++;
    }

    /** A claim batch was processed: results of its runs are on their way. */
    void claimRead() {
        reads++;
    }

    /** Notes at {@code now} whether results or claims were read since the last look; once per open-run check. */
    void look(Instant now) {
        if (reads != readsAtLastLook || lastReadSeenAt == null) {
            readsAtLastLook = reads;
            lastReadSeenAt = now;
        }
    }

    /** Whether every result written before {@code instant} has been read, as far as the task can tell at now. */
    boolean readPast(Instant instant, Instant now) {
        return latestMillis >= instant.toEpochMilli()
                || lastReadSeenAt != null && !now.isBefore(lastReadSeenAt.plus(QUIET));
    }
}
