package io.carillon.console.internal.calendars;

import io.carillon.console.internal.web.NotFoundException;

/** No calendar has the id asked for (404). */
class CalendarNotFoundException extends NotFoundException {

    CalendarNotFoundException(String id) {
        super("no calendar '" + id + "'");
    }
}
