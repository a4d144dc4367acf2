package io.carillon.console.internal.calendars;

import io.carillon.console.internal.web.ConflictException;
import java.util.List;

/** A calendar that jobs' schedules name cannot be deleted (409 naming the jobs). */
class CalendarInUseException extends ConflictException {

    CalendarInUseException(String id, List<String> jobIds) {
        super("calendar '" + id + "' is used by the schedules of jobs " + String.join(", ", jobIds)
                + (jobIds.size() >= CalendarRepository.MAX_JOBS_NAMED ? " and more" : "")
                + ": remove it from their skip and onlyOn first");
    }
}
