package io.carillon.planner.workflow.internal;

import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.MisfirePolicy;
import io.carillon.topics.events.Schedule;
import io.carillon.topics.events.ScheduleType;
import io.carillon.topics.schedule.CalendarLookup;
import io.carillon.topics.schedule.CalendarSchedules;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

/**
 * The instants a workflow's schedule starts instances at, with the calendars it names and its misfire policy, as
 * the planner treats a job's: an instant missed by more than {@code misfire.thresholdMs} (no planner ran) is
 * dropped (DO_NOTHING), started once now (FIRE_ONCE_NOW, kind MISFIRE) or each started, at most
 * {@code misfire.maxCatchUp} of them (CATCH_UP, kind MISFIRE). FIXED_DELAY plans the next instant from the end of
 * an instance. Stateless apart from the calendar lookup; used by one stream task's thread only.
 */
final class ScheduledStarts {

    /** One instance to start: the instant it is for and why. */
    record Start(Instant scheduledAt, FireKind kind) {}

    /** The instances due now and the next instant to plan (null: none, or FIXED_DELAY waiting for an end). */
    record Due(List<Start> starts, Instant next) {}

    private final CalendarLookup calendars;

    ScheduledStarts(CalendarLookup calendars) {
        this.calendars = calendars;
    }

    /** The schedule's first instant strictly after {@code after}, or null (CRON instants on whole seconds). */
    Instant nextAfter(Schedule schedule, Instant after) {
        if (schedule == null || schedule.type() == ScheduleType.NONE) {
            return null;
        }
        Instant from = schedule.type() == ScheduleType.CRON ? after.truncatedTo(ChronoUnit.SECONDS) : after;
        Instant next = CalendarSchedules.nextAfter(schedule, from, calendars).instant();
        return next == null || schedule.type() != ScheduleType.CRON ? next : next.truncatedTo(ChronoUnit.SECONDS);
    }

    /** What is due at {@code now} given the planned instant {@code due} (at or before {@code now}). */
    Due due(Schedule schedule, MisfirePolicy misfire, Instant due, Instant now) {
        boolean delay = schedule.type() == ScheduleType.FIXED_DELAY;
        if (Duration.between(due, now).toMillis() <= misfire.thresholdMs()) {
            return new Due(List.of(new Start(due, FireKind.SCHEDULED)), delay ? null : nextAfter(schedule, due));
        }
        return switch (misfire.strategy()) {
            case DO_NOTHING -> new Due(List.of(), nextAfter(schedule, now));
            case FIRE_ONCE_NOW ->
                new Due(List.of(new Start(due, FireKind.MISFIRE)), delay ? null : nextAfter(schedule, now));
            case CATCH_UP -> catchUp(schedule, misfire, due, now, delay);
        };
    }

    private Due catchUp(Schedule schedule, MisfirePolicy misfire, Instant due, Instant now, boolean delay) {
        if (delay) {
            return new Due(List.of(new Start(due, FireKind.MISFIRE)), null);
        }
        List<Start> starts = new ArrayList<>();
        Instant at = due;
        while (at != null && !at.isAfter(now) && starts.size() < misfire.maxCatchUp()) {
            starts.add(new Start(at, FireKind.MISFIRE));
            at = nextAfter(schedule, at);
        }
        Instant next = at != null && !at.isAfter(now) ? nextAfter(schedule, now) : at;
        return new Due(starts, next);
    }
}
