package io.carillon.console.internal.calendars;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.carillon.topics.events.Calendar;
import java.time.Instant;

/**
 * A calendar as the REST API shows it: the calendar, who changed it last, when, and the app that declares it in its
 * code or configuration (absent for a calendar managed in the console).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record CalendarView(Calendar calendar, Instant updatedAt, String updatedBy, String declaredBy) {

    static CalendarView of(CalendarRepository.Row row) {
        return new CalendarView(row.calendar(), row.updatedAt(), row.updatedBy(), row.declaredBy());
    }
}
