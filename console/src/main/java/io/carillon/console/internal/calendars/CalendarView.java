package io.carillon.console.internal.calendars;

import io.carillon.topics.events.Calendar;
import java.time.Instant;

/** A calendar as the REST API shows it: the calendar, and who changed it last, when. */
public record CalendarView(Calendar calendar, Instant updatedAt, String updatedBy) {

    static CalendarView of(CalendarRepository.Row row) {
        return new CalendarView(row.calendar(), row.updatedAt(), row.updatedBy());
    }
}
