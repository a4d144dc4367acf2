package io.carillon.planner.internal;

import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.FireIds;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.JobDefinition;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes a job's scheduled fires, instant after instant from its next one, up to a limit: first its missed instants
 * are resolved by the misfire policy ({@link Misfires}), an instant a calendar removes is passed over, one already
 * pending is not written twice, each fire is due at its instant plus the job's jitter, and the instants beyond the
 * near horizon count against the {@link AheadBudget}. A timer is kept for the next instant not written. Used by one
 * stream task's thread only.
 */
final class ScheduledFireWriter {

    /** The most scheduled fires one job writes in one go; the rest follows at the next punctuation. */
    static final int MAX_FIRES_PER_ADVANCE = 10_000;

    private final TimerStore timers;
    private final Output output;
    private final Misfires misfires;
    private final PlannerCalendars calendars;
    private final AheadBudget ahead;

    ScheduledFireWriter(
            TimerStore timers, Output output, Misfires misfires, PlannerCalendars calendars, AheadBudget ahead) {
        this.timers = timers;
        this.output = output;
        this.misfires = misfires;
        this.calendars = calendars;
        this.ahead = ahead;
    }

    /**
     * Writes every scheduled instant up to {@code limit} not already pending, then sets the timer for the next. Once
     * the ahead budget is spent, the instants beyond the near horizon wait for the timer.
     */
    JobState writeUpTo(JobState state, Instant limit, Instant now) {
        JobState current = misfires.resolve(state, now);
        JobDefinition job = current.job();
        Instant next = current.nextAt();
        Instant last = current.lastEmittedAt();
        List<PendingFire> pending = new ArrayList<>();
        int written = 0;
        while (next != null && !next.isAfter(limit) && written < MAX_FIRES_PER_ADVANCE) {
            if (!ahead.allows(next, now)) {
                break;
            }
            String fireId = FireIds.scheduled(job.id(), next);
            if (calendars.removes(job.schedule(), next)) {
                last = next;
                next = calendars.afterRemoved(job.schedule(), next);
                continue;
            }
            if (!current.hasPending(fireId)) {
                ahead.spend(next, now);
                FireEvent fire = FireEvent.of(job, fireId, next, FireKind.SCHEDULED, 1, null, null, now)
                        .dueAt(Jitter.dueAt(job, fireId, next));
                output.fire(fire);
                written++;
                if (fire.dueAt().isAfter(now)) {
                    pending.add(new PendingFire(fireId, next, FireKind.SCHEDULED, fire.dueAt()));
                }
            }
            last = next;
            next = PlannedInstants.following(job.schedule(), next);
        }
        if (next != null) {
            timers.put(Timer.scheduled(job.id(), next));
        }
        return current.withPending(pending).withProgress(next, last);
    }
}
