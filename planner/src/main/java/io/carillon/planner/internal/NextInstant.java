package io.carillon.planner.internal;

import io.carillon.topics.events.Schedule;
import io.carillon.topics.events.ScheduleType;
import io.carillon.topics.schedule.Schedules;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * {@link Schedules#nextAfter(Schedule, Instant)} with CRON instants on whole seconds: cron-utils carries the
 * sub-second part of the starting instant into its result (after 07:00:00.500 it answers 07:00:01.500), so the
 * starting instant and the result are truncated to the second.
 */
final class NextInstant {

    private NextInstant() {}

    /** The schedule's first instant strictly after {@code after}, or null when it has none left. */
    static Instant after(Schedule schedule, Instant after) {
        if (schedule.type() != ScheduleType.CRON) {
            return Schedules.nextAfter(schedule, after).orElse(null);
        }
        return Schedules.nextAfter(schedule, after.truncatedTo(ChronoUnit.SECONDS))
                .map(next -> next.truncatedTo(ChronoUnit.SECONDS))
                .orElse(null);
    }
}
