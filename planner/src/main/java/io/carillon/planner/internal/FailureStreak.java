package io.carillon.planner.internal;

import java.time.Instant;

/**
 * A job's consecutive final failures ({@code count}, for {@code pauseAfterFailures}) and, while the planner holds the
 * job paused because of them, the id and opening instant of the PAUSED incident it opened ({@code incidentId} null
 * otherwise). Immutable.
 */
record FailureStreak(int count, String incidentId, Instant pausedAt) {

    static final FailureStreak NONE = new FailureStreak(0, null, null);

    /** Whether the planner paused the job after its failures and has not seen it resumed since. */
    boolean pausedByPlanner() {
        return incidentId != null;
    }

    FailureStreak plusOne() {
        return new FailureStreak(count + 1, incidentId, pausedAt);
    }

    FailureStreak reset() {
        return count == 0 ? this : new FailureStreak(0, incidentId, pausedAt);
    }
}
