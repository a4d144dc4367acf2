package io.carillon.planner.internal;

import io.carillon.topics.CalendarCache;
import io.carillon.topics.events.Calendar;
import io.carillon.topics.events.Schedule;
import io.carillon.topics.events.ScheduleType;
import io.carillon.topics.schedule.CalendarLookup;
import io.carillon.topics.schedule.CalendarSchedules;
import java.time.Instant;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * The calendars of the global store {@link PlannerStores#CALENDARS}, as one stream task reads them each time it
 * decides an instant: a calendar changed on the {@code calendars} topic applies to the next instant the task writes,
 * without the jobs that use it changing ({@link CalendarCache} parses a calendar again only when it changed). Used
 * by one stream task's thread only.
 */
final class PlannerCalendars implements CalendarLookup {

    private final CalendarCache cache;

    PlannerCalendars(ReadOnlyKeyValueStore<String, byte[]> store) {
        this.cache = new CalendarCache(store::get);
    }

    @Override
    public Calendar find(String id) {
        return cache.find(id);
    }

    /** Whether a calendar of {@code schedule} removes {@code instant}. */
    boolean removes(Schedule schedule, Instant instant) {
        return schedule.usesCalendars()
                && CalendarSchedules.removedBy(schedule, instant, this).isPresent();
    }

    /**
     * The instant to consider after {@code removed}, which a calendar removed: the schedule's next instant, or for
     * FIXED_DELAY the first instant the calendars let through (the interval again when they cannot say).
     */
    Instant afterRemoved(Schedule schedule, Instant removed) {
        if (schedule.type() != ScheduleType.FIXED_DELAY) {
            return NextInstant.after(schedule, removed);
        }
        String by = CalendarSchedules.removedBy(schedule, removed, this).orElse(null);
        Instant resume = by == null ? null : CalendarSchedules.resumeAfter(schedule, removed, by, this);
        Instant next = resume != null && resume.isAfter(removed) ? resume : removed.plusMillis(schedule.intervalMs());
        return schedule.endAt() != null && next.isAfter(schedule.endAt()) ? null : next;
    }
}
