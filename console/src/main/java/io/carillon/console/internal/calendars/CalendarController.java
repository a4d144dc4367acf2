package io.carillon.console.internal.calendars;

import io.carillon.console.internal.web.JsonBodies;
import io.carillon.topics.events.Calendar;
import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code /api/v1/calendars} (read by anyone signed in) and {@code /api/v1/calendars/{id}} (PUT creates or replaces,
 * DELETE deletes; ADMINs): the calendars schedules name in {@code skip} and {@code onlyOn}. A PUT body is the
 * calendar's JSON ({@code docs/calendars.md}); its {@code id} may be left out. {@code POST /api/v1/calendars/import}
 * (ADMINs) turns an iCalendar file into a calendar.
 */
@RestController
class CalendarController {

    private final CalendarService calendars;

    CalendarController(CalendarService calendars) {
        this.calendars = calendars;
    }

    @GetMapping("/api/v1/calendars")
    List<CalendarView> list() {
        return calendars.list();
    }

    @GetMapping("/api/v1/calendars/{id}")
    CalendarView get(@PathVariable String id) {
        return calendars.get(id);
    }

    @PutMapping("/api/v1/calendars/{id}")
    CalendarView save(@PathVariable String id, @RequestBody(required = false) String body) {
        return calendars.save(id, JsonBodies.convert(JsonBodies.object(body), Calendar.class));
    }

    /**
     * Imports an iCalendar file (the body, at most the API's request size) as calendar {@code id}: its all-day events'
     * dates and ranges, in {@code zone} when given.
     */
    @PostMapping("/api/v1/calendars/import")
    CalendarImportView importIcs(
            @RequestParam(required = false) String id,
            @RequestParam(required = false) String zone,
            @RequestParam(required = false) String description,
            @RequestBody(required = false) String body) {
        return calendars.importIcs(id, blankAsNull(zone), blankAsNull(description), body);
    }

    private static String blankAsNull(String text) {
        return text == null || text.isBlank() ? null : text;
    }

    @DeleteMapping("/api/v1/calendars/{id}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    void delete(@PathVariable String id) {
        calendars.delete(id);
    }
}
