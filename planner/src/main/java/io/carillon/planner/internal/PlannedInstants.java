package io.carillon.planner.internal;

import io.carillon.topics.events.Schedule;
import io.carillon.topics.events.ScheduleType;
import java.time.Instant;
import java.util.HashSet;
import java.util.Set;

/**
 * The instants the planner plans for a schedule by itself: none for NONE, which fires on requests only; a
 * FIXED_DELAY schedule has one instant at a time, the next planned when the run of the last one ends. Stateless.
 */
final class PlannedInstants {

    private PlannedInstants() {}

    /** Whether the planner follows this schedule type by itself (NONE fires on requests only). */
    static boolean isPlanned(Schedule schedule) {
        return schedule.type() != ScheduleType.NONE;
    }

    /** The first instant of a schedule that starts now: a FIXED_DELAY job fires at once (or at its start). */
    static Instant first(Schedule schedule, Instant now) {
        if (schedule.type() != ScheduleType.FIXED_DELAY) {
            return isPlanned(schedule) ? NextInstant.after(schedule, now) : null;
        }
        Instant first = schedule.startAt() != null && schedule.startAt().isAfter(now) ? schedule.startAt() : now;
        return schedule.endAt() != null && first.isAfter(schedule.endAt()) ? null : first;
    }

    /** The instant after {@code instant}; none for FIXED_DELAY, whose next instant waits for the run's end. */
    static Instant following(Schedule schedule, Instant instant) {
        return schedule.type() == ScheduleType.FIXED_DELAY ? null : NextInstant.after(schedule, instant);
    }

    /**
     * The instants of {@code schedule}, started now, up to {@code until}, at most {@code max} of them; none for
     * FIXED_DELAY, whose instants follow the ends of runs.
     */
    static Set<Instant> upTo(Schedule schedule, Instant now, Instant until, int max) {
        Set<Instant> instants = new HashSet<>();
        Instant next = schedule.type() == ScheduleType.FIXED_DELAY ? null : first(schedule, now);
        while (next != null && !next.isAfter(until) && instants.size() < max) {
            instants.add(next);
            next = NextInstant.after(schedule, next);
        }
        return instants;
    }
}
