package io.carillon.planner.internal;

import io.carillon.planner.PlannerSettings;
import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.FireIds;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.LimitCommand;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.Schedule;
import io.carillon.topics.events.ScheduleType;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;

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

    /** The most scheduled fires one job writes in one go; the rest follows at the next punctuation. */
    static final int MAX_FIRES_PER_ADVANCE = 10_000;
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

    private static final long MILLIS_PER_SECOND = 1_000;

    private final PlannerSettings settings;
    private final JobStore jobs;
    private final TimerStore timers;
    private final Output output;
    private final Misfires misfires;
    private final Backfills backfills;
    private final PlannerCalendars calendars;
    /** Fires beyond the near horizon that may still be written until the next punctuation. */
    private int aheadLeft;
    /** When the ahead budget was last granted; null before the first punctuation. */
    private Instant aheadGrantedAt;
    /** The end of the punctuator's rest ({@link #restUntil(Instant)}) until the punctuation after it; null otherwise. */
    private Instant restedUntil;

    Scheduler(
            PlannerSettings settings,
            JobStore jobs,
            TimerStore timers,
            Output output,
            Misfires misfires,
            PlannerCalendars calendars) {
        this.calendars = calendars;
        this.settings = settings;
        this.jobs = jobs;
        this.timers = timers;
        this.output = output;
        this.misfires = misfires;
        this.backfills = new Backfills(settings, timers, output, calendars);
        this.aheadLeft = aheadFor(settings.punctuateInterval());
    }

    /** Whether the planner follows this schedule type by itself (NONE fires on requests only). */
    static boolean isPlanned(Schedule schedule) {
        return schedule.type() != ScheduleType.NONE;
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
            withdrawWaiting(
                    before, after, FireKind.SCHEDULED, "job '" + after.job().id() + "' was " + why, now);
            return stop(after, now, fire -> fire.kind() == FireKind.SCHEDULED);
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
        withdrawWaiting(state, state, null, "job '" + state.job().id() + "' was deleted", now);
        JobState stopped = stop(state, now, fire -> true);
        stopped.requested().forEach(timers::delete);
    }

    /**
     * Asks the limiter to take the job's fires (of {@code kind}; null: all) out of the queues of the limits
     * {@code before} and {@code after} name, so that a fire due before the job stopped does not run once granted.
     */
    private void withdrawWaiting(JobState before, JobState after, FireKind kind, String reason, Instant now) {
        Set<String> limits = new TreeSet<>();
        for (JobState state : List.of(before, after)) {
            if (state.job().concurrency() != null) {
                limits.add(state.job().concurrency().limit());
            }
        }
        limits.forEach(limit -> output.limitCommand(
                LimitCommand.withdraw(limit, after.job().id(), kind, reason, Results.REQUESTED_BY, now)));
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
        restedUntil = next == null || next.isAfter(now) ? next : now;
        aheadGrantedAt = null;
        return next;
    }

    private void handleDueTimers(Instant now) {
        backfills.startPunctuation();
        grantAhead(now);
        Instant near = nearEnd(now);
        for (Timer timer : timers.dueBy(horizonEnd(now), MAX_DUE_PER_PUNCTUATION)) {
            if (timer.kind() == FireKind.BACKFILL && backfills.exhausted()) {
                timers.put(timer);
                continue;
            }
            if (timer.kind() == FireKind.SCHEDULED
                    && aheadLeft <= 0
                    && timer.at().isAfter(near)) {
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

    /**
     * Grants the ahead budget for the time since the last grant, one punctuation interval the first time; after a rest,
     * one interval or the lateness past the rest's end, whichever is longer.
     */
    private void grantAhead(Instant now) {
        Duration interval = settings.punctuateInterval();
        Duration since = aheadGrantedAt == null ? interval : Duration.between(aheadGrantedAt, now);
        if (restedUntil != null) {
            Duration late = Duration.between(restedUntil, now);
            since = late.compareTo(interval) > 0 ? late : interval;
            restedUntil = null;
        }
        aheadGrantedAt = now;
        aheadLeft = aheadFor(since.compareTo(MAX_AHEAD_GRANT) > 0 ? MAX_AHEAD_GRANT : since);
    }

    /** The fires beyond the near horizon {@code elapsed} is worth, at least one. */
    private static int aheadFor(Duration elapsed) {
        return (int) Math.max(1, MAX_AHEAD_FIRES_PER_SECOND * elapsed.toMillis() / MILLIS_PER_SECOND);
    }

    private JobState onDue(JobState state, Timer timer, Instant now) {
        if (timer.kind() == FireKind.SCHEDULED) {
            return timer.at().equals(state.nextAt()) ? advance(state, now, refillEnd(now)) : state;
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
        Instant pastOnce = PastOnce.missed(state, now);
        if (pastOnce != null) {
            return advance(state.withProgress(pastOnce, state.lastEmittedAt()), now)
                    .withProgress(null, pastOnce);
        }
        return advance(state.withProgress(firstInstant(state.job().schedule(), now), state.lastEmittedAt()), now);
    }

    /** The first instant of a schedule that starts now: a FIXED_DELAY job fires at once (or at its start). */
    private static Instant firstInstant(Schedule schedule, Instant now) {
        if (schedule.type() != ScheduleType.FIXED_DELAY) {
            return isPlanned(schedule) ? NextInstant.after(schedule, now) : null;
        }
        Instant first = schedule.startAt() != null && schedule.startAt().isAfter(now) ? schedule.startAt() : now;
        return schedule.endAt() != null && first.isAfter(schedule.endAt()) ? null : first;
    }

    /** {@link #advance(JobState, Instant, Instant)} up to the horizon: a job starting, or a FIXED_DELAY run ended. */
    private JobState advance(JobState state, Instant now) {
        return advance(state, now, horizonEnd(now));
    }

    /**
     * Writes every scheduled instant up to {@code limit} not already pending, then sets the timer for the next. The
     * instants beyond the near horizon count against {@link #aheadLeft}; once that is spent they wait for the timer.
     */
    private JobState advance(JobState state, Instant now, Instant limit) {
        JobState current = misfires.resolve(state, now);
        JobDefinition job = current.job();
        Instant near = nearEnd(now);
        Instant next = current.nextAt();
        Instant last = current.lastEmittedAt();
        List<PendingFire> pending = new ArrayList<>();
        int written = 0;
        while (next != null && !next.isAfter(limit) && written < MAX_FIRES_PER_ADVANCE) {
            boolean ahead = next.isAfter(near);
            if (ahead && aheadLeft <= 0) {
                break;
            }
            String fireId = FireIds.scheduled(job.id(), next);
            if (calendars.removes(job.schedule(), next)) {
                last = next;
                next = calendars.afterRemoved(job.schedule(), next);
                continue;
            }
            if (!current.hasPending(fireId)) {
                if (ahead) {
                    aheadLeft--;
                }
                FireEvent fire = FireEvent.of(job, fireId, next, FireKind.SCHEDULED, 1, null, null, now)
                        .dueAt(Jitter.dueAt(job, fireId, next));
                output.fire(fire);
                written++;
                if (fire.dueAt().isAfter(now)) {
                    pending.add(new PendingFire(fireId, next, FireKind.SCHEDULED, fire.dueAt()));
                }
            }
            last = next;
            next = following(job.schedule(), next);
        }
        if (next != null) {
            timers.put(Timer.scheduled(job.id(), next));
        }
        return current.withPending(pending).withProgress(next, last);
    }

    /** The instant after {@code instant}; none for FIXED_DELAY, whose next instant waits for the run's end. */
    private static Instant following(Schedule schedule, Instant instant) {
        return schedule.type() == ScheduleType.FIXED_DELAY ? null : NextInstant.after(schedule, instant);
    }

    /**
     * A schedule change: the pending scheduled fires the new schedule also has stay (they are not written twice),
     * the others are cancelled, and the plan restarts from now.
     */
    private JobState replan(JobState state, Instant now) {
        dropScheduledTimer(state);
        Set<Instant> kept = upcoming(state, now);
        JobState cancelled =
                cancel(state, now, fire -> fire.kind() == FireKind.SCHEDULED && !kept.contains(fire.scheduledAt()));
        return start(cancelled, now);
    }

    private Set<Instant> upcoming(JobState state, Instant now) {
        Set<Instant> instants = new HashSet<>();
        Instant until = state.pending().stream()
                .map(PendingFire::scheduledAt)
                .max(Instant::compareTo)
                .orElse(now);
        Schedule schedule = state.job().schedule();
        Instant next = schedule.type() == ScheduleType.FIXED_DELAY ? null : firstInstant(schedule, now);
        while (next != null && !next.isAfter(until) && instants.size() < MAX_FIRES_PER_ADVANCE) {
            instants.add(next);
            next = NextInstant.after(schedule, next);
        }
        return instants;
    }

    private JobState stop(JobState state, Instant now, Predicate<PendingFire> toCancel) {
        dropScheduledTimer(state);
        return cancel(state, now, toCancel).withProgress(null, state.lastEmittedAt());
    }

    private void dropScheduledTimer(JobState state) {
        if (state.nextAt() != null) {
            timers.delete(Timer.scheduled(state.job().id(), state.nextAt()));
        }
    }

    private JobState cancel(JobState state, Instant now, Predicate<PendingFire> toCancel) {
        Predicate<PendingFire> cancelled = toCancel.and(fire -> fire.dueAt().isAfter(now));
        state.pending().stream()
                .filter(cancelled)
                .forEach(fire -> output.fire(FireEvent.cancel(state.job().id(), fire.fireId(), fire.scheduledAt(), now)
                        .dueAt(fire.dueAt())));
        return state.withoutPending(cancelled);
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

    /** The end of the near horizon: {@link #NEAR} from now, or the horizon when it is shorter. */
    private Instant nearEnd(Instant now) {
        return now.plus(settings.horizon().compareTo(NEAR) < 0 ? settings.horizon() : NEAR);
    }
}
