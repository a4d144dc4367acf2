package io.carillon.planner.internal;

import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.LimitCommand;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * Takes back what the planner planned for a job that stops or changes its schedule: drops the timer of its next
 * scheduled instant, cancels its fires written but not yet due, and asks the limiter to withdraw its fires waiting
 * for a concurrency limit. Used by one stream task's thread only.
 */
final class Withdrawals {

    private final TimerStore timers;
    private final Output output;

    Withdrawals(TimerStore timers, Output output) {
        this.timers = timers;
        this.output = output;
    }

    /** Drops the job's scheduled timer, cancels the pending fires {@code toCancel} picks, and plans no next. */
    JobState stop(JobState state, Instant now, Predicate<PendingFire> toCancel) {
        dropScheduledTimer(state);
        return cancel(state, now, toCancel).withProgress(null, state.lastEmittedAt());
    }

    /** Drops the timer of the job's next scheduled instant, if it has one. */
    void dropScheduledTimer(JobState state) {
        if (state.nextAt() != null) {
            timers.delete(Timer.scheduled(state.job().id(), state.nextAt()));
        }
    }

    /** Cancels the job's pending fires that {@code toCancel} picks and that are not yet due, and forgets them. */
    JobState cancel(JobState state, Instant now, Predicate<PendingFire> toCancel) {
        Predicate<PendingFire> cancelled = toCancel.and(fire -> fire.dueAt().isAfter(now));
        state.pending().stream()
                .filter(cancelled)
                .forEach(fire -> output.fire(FireEvent.cancel(state.job().id(), fire.fireId(), fire.scheduledAt(), now)
                        .dueAt(fire.dueAt())));
        return state.withoutPending(cancelled);
    }

    /**
     * Asks the limiter to take the job's fires (of {@code kind}; null: all) out of the queues of the limits
     * {@code before} and {@code after} name, so that a fire due before the job stopped does not run once granted.
     */
    void fromLimits(JobState before, JobState after, FireKind kind, String reason, Instant now) {
        Set<String> limits = new TreeSet<>();
        for (JobState state : List.of(before, after)) {
            if (state.job().concurrency() != null) {
                limits.add(state.job().concurrency().limit());
            }
        }
        limits.forEach(limit -> output.limitCommand(
                LimitCommand.withdraw(limit, after.job().id(), kind, reason, Results.REQUESTED_BY, now)));
    }
}
