package io.carillon.planner.internal;

import io.carillon.topics.events.Schedule;
import io.carillon.topics.events.ScheduleType;
import java.time.Instant;

/**
 * A ONCE job whose instant is already past when the planner starts planning it (it arrives late, or is changed,
 * enabled or resumed after its instant): that instant is planned anyway, so the misfire policy decides what it
 * becomes (within the threshold it fires now; beyond it DO_NOTHING records a SKIPPED result, FIRE_ONCE_NOW fires
 * now, CATCH_UP fires it). An instant the job's state says was already dealt with ({@code lastEmittedAt} at or after
 * it) is not planned again, so neither a replayed record nor a restored state fires it twice. Stateless.
 */
final class PastOnce {

    private PastOnce() {}

    /** The past ONCE instant of the job still to be dealt with, or null. */
    static Instant missed(JobState state, Instant now) {
        Schedule schedule = state.job().schedule();
        if (schedule.type() != ScheduleType.ONCE
                || schedule.at() == null
                || schedule.at().isAfter(now)) {
            return null;
        }
        Instant at = schedule.at();
        boolean inBounds = at.equals(NextInstant.after(schedule, at.minusNanos(1)));
        boolean dealtWith =
                state.lastEmittedAt() != null && !state.lastEmittedAt().isBefore(at);
        return inBounds && !dealtWith ? at : null;
    }
}
