package io.carillon.topics.schedule;

import io.carillon.topics.events.Calendar;
import java.util.Map;

/**
 * Finds a calendar by id for {@link CalendarSchedules}. Implementations decide their own threading: the planner's
 * and the analytics app's read one stream task's view of the {@code calendars} topic from that task's thread.
 */
@FunctionalInterface
public interface CalendarLookup {

    /** The calendar {@code id}, or null when none is known by that id. */
    Calendar find(String id);

    /** A lookup that knows no calendar. */
    static CalendarLookup none() {
        return id -> null;
    }

    /** A lookup over {@code calendars}, keyed by id. */
    static CalendarLookup of(Map<String, Calendar> calendars) {
        Map<String, Calendar> copy = Map.copyOf(calendars);
        return copy::get;
    }
}
