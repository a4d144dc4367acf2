package io.carillon.planner.internal;

import java.time.Duration;
import java.time.Instant;

/**
 * How many scheduled fires beyond the near horizon one stream task may still write while it takes jobs in. Fires due
 * within {@link #NEAR} of now (or within the horizon, when shorter) are written at once, whatever the load; beyond
 * it, while the task has planned a new or changed job in the last {@link #INTAKE_QUIET}, at most
 * {@link #MAX_AHEAD_FIRES_PER_SECOND} a second, new jobs and the punctuator together, granted at each punctuation
 * for the time since the previous one. Without intake the budget does not bind: filling the horizon is then the
 * task's work, and a budget below its jobs' rate of fires would leave the rest to near-horizon visits, each writing
 * a job's state and timer for the two seconds of fires it covers instead of for a whole chunk. Used by one stream
 * task's thread only.
 */
final class AheadBudget {

    /**
     * The near horizon: scheduled fires due within this of now (or within the horizon, when shorter) are written at
     * once, whatever the load.
     */
    static final Duration NEAR = Duration.ofSeconds(2);
    /**
     * The most scheduled fires beyond the near horizon one stream task writes per second, new jobs and the
     * punctuator together, granted at each punctuation for the time since the previous one (at most
     * {@link #MAX_AHEAD_GRANT}): a stream thread too busy to punctuate every interval still gets the budget of the
     * time that passed, else the budget would shrink with the load that delays punctuations, and the jobs it leaves
     * to near-horizon visits would cost more visits, the load more delay. Beyond it, a job writes only its fires
     * within the near horizon and keeps a timer for the next; the punctuator fills in the rest of the horizon, earliest
     * first, as the budget allows. So a burst of new jobs costs each job its first fires only, and the work of
     * filling the horizon yields to the intake of more jobs; with few jobs nothing changes: every job writes its
     * whole horizon at once.
     */
    static final int MAX_AHEAD_FIRES_PER_SECOND = 1_000;
    /** The longest time one grant of the ahead budget counts: a stalled thread does not save up for a flood. */
    static final Duration MAX_AHEAD_GRANT = Duration.ofSeconds(1);
    /**
     * How long after the task planned its latest new or changed job the budget still binds: the records of a burst of
     * jobs arrive much closer together than this.
     */
    static final Duration INTAKE_QUIET = Duration.ofSeconds(1);

    private static final long MILLIS_PER_SECOND = 1_000;

    private final Duration punctuateInterval;
    private final Duration near;
    /** Fires beyond the near horizon that may still be written until the next punctuation. */
    private int left;
    /** When the budget was last granted; null before the first punctuation and after a rest. */
    private Instant grantedAt;
    /** The end of the punctuator's rest ({@link #rest}) until the punctuation after it; null otherwise. */
    private Instant restedUntil;
    /** When the task last planned a new or changed job; null before the first. */
    private Instant intakeAt;

    /** A budget of one punctuation interval, until the first punctuation grants one. */
    AheadBudget(Duration punctuateInterval, Duration horizon) {
        this.punctuateInterval = punctuateInterval;
        this.near = horizon.compareTo(NEAR) < 0 ? horizon : NEAR;
        this.left = firesFor(punctuateInterval);
    }

    /**
     * Whether a scheduled fire at {@code at} may be written: within the near horizon always, beyond it while left or
     * while the task takes no jobs in.
     */
    boolean allows(Instant at, Instant now) {
        return left > 0 || !isAhead(at, now) || !takingJobsIn(now);
    }

    /** The task plans a new or changed job at {@code now}: the budget binds for {@link #INTAKE_QUIET}. */
    void intake(Instant now) {
        intakeAt = now;
    }

    /** Counts a scheduled fire at {@code at} as written: against the budget when it is beyond the near horizon. */
    void spend(Instant at, Instant now) {
        if (isAhead(at, now)) {
            left--;
        }
    }

    /**
     * At a punctuation: grants the budget for the time since the last grant, one punctuation interval the first
     * time; after a rest, one interval or the lateness past the rest's end, whichever is longer; never more than
     * {@link #MAX_AHEAD_GRANT}.
     */
    void grant(Instant now) {
        Duration since = grantedAt == null ? punctuateInterval : Duration.between(grantedAt, now);
        if (restedUntil != null) {
            Duration late = Duration.between(restedUntil, now);
            since = late.compareTo(punctuateInterval) > 0 ? late : punctuateInterval;
            restedUntil = null;
        }
        grantedAt = now;
        left = firesFor(since.compareTo(MAX_AHEAD_GRANT) > 0 ? MAX_AHEAD_GRANT : since);
    }

    /**
     * The punctuator goes to sleep at {@code now} until {@code until} (null: until woken): the grant after the rest
     * counts from its end, not the time slept, since no fire waited meanwhile.
     */
    void rest(Instant until, Instant now) {
        restedUntil = until == null || until.isAfter(now) ? until : now;
        grantedAt = null;
    }

    private boolean takingJobsIn(Instant now) {
        return intakeAt != null && now.isBefore(intakeAt.plus(INTAKE_QUIET));
    }

    private boolean isAhead(Instant at, Instant now) {
        return at.isAfter(now.plus(near));
    }

    /** The fires beyond the near horizon {@code elapsed} is worth, at least one. */
    private static int firesFor(Duration elapsed) {
        return (int) Math.max(1, MAX_AHEAD_FIRES_PER_SECOND * elapsed.toMillis() / MILLIS_PER_SECOND);
    }
}
