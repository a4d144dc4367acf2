package io.carillon.planner.internal;

import io.carillon.planner.PlannerSettings;
import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.FireIds;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.ScheduleType;
import java.time.Instant;
import java.util.Set;

/**
 * Turns job states into fires: plans a job's scheduled instants, writes those within the horizon to {@code fires}
 * (each at its nominal instant, due at that instant plus the job's jitter), keeps one timer per job for its next
 * instant not written yet, cancels fires written but not yet due, and handles due timers when the punctuator runs.
 * A job's scheduled timer comes due once its instant is within the horizon; it then writes the instants up to the
 * horizon plus {@link PlannerSettings#refillChunk()}, so a job firing every second is visited once per chunk, not
 * once per fire. A FIXED_DELAY job has at most one scheduled fire out: its next instant is planned when the run of
 * that fire ends ({@link #afterRun}). An instant a calendar of the job's schedule removes ({@link PlannerCalendars},
 * read as the instant is written) is passed over without a fire. Used by one stream task's thread only.
 */
final class Scheduler {

    /**
     * The most due timers one punctuation of one task handles, earliest first; the rest waits for the next
     * punctuation (one punctuation interval later). Keeps the stream thread's transaction short when many timers are
     * due at once (a planner restarting after a stop, the hourly jobs of a busy second), so the nearest fires are
     * committed, hence readable, at once instead of after every task handled everything overdue, and the
     * transaction stays far below its timeout (a producer whose transaction times out is fenced, and its tasks'
     * state is wiped and restored from the changelogs). At one punctuation every 100 ms this is 5,000 timers a
     * second per task: far above what one task needs in steady work (one timer per job and instant).
     */
    static final int MAX_DUE_PER_PUNCTUATION = 500;

    private final PlannerSettings settings;
    private final JobStore jobs;
    private final TimerStore timers;
    private final Output output;
    private final Backfills backfills;
    private final Withdrawals withdrawals;
    private final AheadBudget ahead;
    private final ScheduledFireWriter writer;

    Scheduler(
            PlannerSettings settings,
            JobStore jobs,
            TimerStore timers,
            Output output,
            Misfires misfires,
            PlannerCalendars calendars) {
        this.settings = settings;
        this.jobs = jobs;
        this.timers = timers;
        this.output = output;
        this.backfills = new Backfills(settings, timers, output, calendars);
        this.withdrawals = new Withdrawals(timers, output);
        this.ahead = new AheadBudget(settings.punctuateInterval(), settings.horizon());
        this.writer = new ScheduledFireWriter(timers, output, misfires, calendars, ahead);
    }

    /**
     * Moves the plan from what {@code before} (null for a new job) had to what {@code after} asks: starts from now
     * when the job becomes active, stops and cancels when it becomes inactive (its scheduled fires waiting for a
     * concurrency limit are withdrawn too), replans when its schedule changed.
     */
    JobState reconcile(JobState before, JobState after, Instant now) {
        boolean wasActive = before != null && before.active();
        if (!after.active()) {
            if (!wasActive) {
                return after;
            }
            String why = after.job().enabled() ? "paused" : "disabled";
            withdrawals.fromLimits(
                    before, after, FireKind.SCHEDULED, "job '" + after.job().id() + "' was " + why, now);
            return withdrawals.stop(after, now, fire -> fire.kind() == FireKind.SCHEDULED);
        }
        if (!wasActive) {
            return start(after, now);
        }
        if (!before.job().schedule().equals(after.job().schedule())) {
            return replan(after, now);
        }
        return after;
    }

    /** Drops every timer of the job, cancels every fire of it not yet due and withdraws those waiting for a limit. */
    void remove(JobState state, Instant now) {
        withdrawals.fromLimits(state, state, null, "job '" + state.job().id() + "' was deleted", now);
        JobState stopped = withdrawals.stop(state, now, fire -> true);
        stopped.requested().forEach(timers::delete);
    }

    /** Writes a fire of the job at {@code at}; when {@code at} is beyond the horizon, keeps a timer instead. */
    JobState fireAt(JobState state, Timer timer, Instant now) {
        if (timer.at().isAfter(horizonEnd(now))) {
            timers.put(timer);
            return state.withRequested(timer);
        }
        return emit(state, timer.fire(state.job(), now), now);
    }

    /** Keeps {@code timer} (a BACKFILL cursor) until the punctuator works through it. */
    JobState keep(JobState state, Timer timer) {
        timers.put(timer);
        return state.withRequested(timer);
    }

    /**
     * A FIXED_DELAY job's run ended: when it is the run of the job's latest scheduled fire and nothing is planned
     * yet, the next instant is its end ({@code finishedAt}, or now when the result has none) plus the interval.
     */
    JobState afterRun(JobState state, RunResult result, Instant now) {
        JobDefinition job = state.job();
        boolean awaited = job.schedule().type() == ScheduleType.FIXED_DELAY
                && state.active()
                && state.nextAt() == null
                && state.lastEmittedAt() != null
                && result.fireId().equals(FireIds.scheduled(job.id(), state.lastEmittedAt()));
        if (!awaited) {
            return state;
        }
        Instant end = result.finishedAt() != null ? result.finishedAt() : now;
        return advance(state.withProgress(NextInstant.after(job.schedule(), end), state.lastEmittedAt()), now);
    }

    /** Handles the timers due within the horizon: the punctuator's work. Its fires are written in due order. */
    void punctuate(Instant now) {
        output.startFireBatch();
        try {
            handleDueTimers(now);
        } finally {
            output.endFireBatch();
        }
    }

    /**
     * Called as the punctuator goes to sleep: returns the first instant at which a punctuation has work, the earliest
     * timer's instant less the horizon (it is handled once it falls within the horizon), null when no timer is set.
     * The punctuation after the sleep grants the ahead budget of one interval plus its lateness past that instant,
     * not of the time slept: no fire waited meanwhile.
     */
    Instant restUntil(Instant now) {
        Instant earliest = timers.earliest();
        Instant next = earliest == null ? null : earliest.minus(settings.horizon());
        ahead.rest(next, now);
        return next;
    }

    private void handleDueTimers(Instant now) {
        backfills.startPunctuation();
        ahead.grant(now);
        for (Timer timer : timers.dueBy(horizonEnd(now), MAX_DUE_PER_PUNCTUATION)) {
            if (timer.kind() == FireKind.BACKFILL && backfills.exhausted()) {
                timers.put(timer);
                continue;
            }
            if (timer.kind() == FireKind.SCHEDULED && !ahead.allows(timer.at(), now)) {
                timers.keep(timer);
                continue;
            }
            timers.delete(timer);
            JobState state = jobs.get(timer.jobId());
            if (state != null) {
                jobs.put(timer.jobId(), onDue(state.withoutDue(now), timer, now));
            }
        }
    }

    private JobState onDue(JobState state, Timer timer, Instant now) {
        if (timer.kind() == FireKind.SCHEDULED) {
            return timer.at().equals(state.nextAt()) ? writer.writeUpTo(state, refillEnd(now), now) : state;
        }
        if (!state.hasRequested(timer.fireId())) {
            return state;
        }
        JobState rest = state.withoutRequested(timer.fireId());
        if (timer.kind() == FireKind.BACKFILL) {
            return backfills.drain(rest, timer, horizonEnd(now), now);
        }
        return emit(rest, timer.fire(state.job(), now), now);
    }

    private JobState start(JobState state, Instant now) {
        ahead.intake(now);
        Instant pastOnce = PastOnce.missed(state, now);
        if (pastOnce != null) {
            return advance(state.withProgress(pastOnce, state.lastEmittedAt()), now)
                    .withProgress(null, pastOnce);
        }
        return advance(
                state.withProgress(PlannedInstants.first(state.job().schedule(), now), state.lastEmittedAt()), now);
    }

    /** Writes the job's scheduled fires up to the horizon: a job starting, or a FIXED_DELAY run ended. */
    private JobState advance(JobState state, Instant now) {
        return writer.writeUpTo(state, horizonEnd(now), now);
    }

    /**
     * A schedule change: the pending scheduled fires the new schedule also has stay (they are not written twice),
     * the others are cancelled, and the plan restarts from now.
     */
    private JobState replan(JobState state, Instant now) {
        withdrawals.dropScheduledTimer(state);
        Set<Instant> kept = upcoming(state, now);
        JobState cancelled = withdrawals.cancel(
                state, now, fire -> fire.kind() == FireKind.SCHEDULED && !kept.contains(fire.scheduledAt()));
        return start(cancelled, now);
    }

    /** The instants of the job's schedule, started now, up to its latest pending fire: those a replan keeps. */
    private static Set<Instant> upcoming(JobState state, Instant now) {
        Instant until = state.pending().stream()
                .map(PendingFire::scheduledAt)
                .max(Instant::compareTo)
                .orElse(now);
        return PlannedInstants.upTo(state.job().schedule(), now, until, ScheduledFireWriter.MAX_FIRES_PER_ADVANCE);
    }

    /** Writes {@code fire} and remembers it as pending while it is not due. */
    private JobState emit(JobState state, FireEvent fire, Instant now) {
        output.fire(fire);
        return fire.dueAt().isAfter(now)
                ? state.withPending(new PendingFire(fire.fireId(), fire.scheduledAt(), fire.kind(), fire.dueAt()))
                : state;
    }

    private Instant horizonEnd(Instant now) {
        return now.plus(settings.horizon());
    }

    /** How far a due scheduled timer writes: the horizon plus the refill chunk. */
    private Instant refillEnd(Instant now) {
        return horizonEnd(now).plus(settings.refillChunk());
    }
}
