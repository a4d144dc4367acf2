package io.carillon.console.internal.calendars;

import io.carillon.console.internal.web.InvalidInputException;
import io.carillon.topics.events.DateRange;
import java.io.IOException;
import java.io.StringReader;
import java.time.LocalDate;
import java.time.temporal.Temporal;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import net.fortuna.ical4j.data.CalendarBuilder;
import net.fortuna.ical4j.data.ParserException;
import net.fortuna.ical4j.model.Component;
import net.fortuna.ical4j.model.Property;
import net.fortuna.ical4j.model.component.VEvent;
import net.fortuna.ical4j.model.property.DtEnd;
import net.fortuna.ical4j.model.property.DtStart;
import net.fortuna.ical4j.model.property.Summary;

/**
 * Reads the days of an iCalendar file (RFC 5545, parsed by ical4j), such as a public-holiday feed: each VEVENT whose
 * DTSTART is a date (an all-day event) gives that date when it lasts one day (DTEND the next day, or neither DTEND
 * nor DURATION), else the range from DTSTART to the day before its end (DTEND, or DTSTART plus DURATION, is
 * exclusive). Events with a time of day, and recurring ones (RRULE, RDATE), are not read: the answer names them, up
 * to {@link #MAX_NAMED}. The same day listed twice is kept once. A file that does not parse is refused naming
 * {@code file} and the line. Stateless and thread-safe (each call builds its own parser).
 */
final class IcsImport {

    /** The most events left out that the answer names; it counts them all. */
    static final int MAX_NAMED = 20;

    private IcsImport() {}

    /** The dates, ranges and what was left out of {@code ics}. */
    record Days(List<LocalDate> dates, List<DateRange> ranges, int events, int leftOut, List<String> leftOutNamed) {}

    /**
     * Reads {@code ics}.
     *
     * @throws InvalidInputException naming {@code file} when it is empty or not an iCalendar file
     */
    static Days read(String ics) {
        if (ics == null || ics.isBlank()) {
            throw InvalidInputException.of("file", "is required: send the .ics file as the request body");
        }
        net.fortuna.ical4j.model.Calendar parsed;
        try {
            parsed = new CalendarBuilder().build(new StringReader(ics));
        } catch (ParserException e) {
            throw InvalidInputException.of("file", "is not an iCalendar file: " + e.getMessage());
        } catch (IOException e) {
            throw InvalidInputException.of("file", "could not be read: " + e.getMessage());
        }
        Set<LocalDate> dates = new TreeSet<>();
        Set<DateRange> ranges = new LinkedHashSet<>();
        List<String> named = new ArrayList<>();
        int leftOut = 0;
        List<VEvent> events = parsed.getComponents(Component.VEVENT);
        for (VEvent event : events) {
            String why = add(event, dates, ranges);
            if (why != null) {
                leftOut++;
                if (named.size() < MAX_NAMED) {
                    named.add(name(event) + ": " + why);
                }
            }
        }
        List<DateRange> sorted = new ArrayList<>(ranges);
        sorted.sort((a, b) -> a.from().compareTo(b.from()));
        return new Days(List.copyOf(dates), sorted, events.size(), leftOut, named);
    }

    /** Adds the event's days; answers why it was left out, or null. */
    private static String add(VEvent event, Set<LocalDate> dates, Set<DateRange> ranges) {
        if (event.getProperty(Property.RRULE).isPresent()
                || event.getProperty(Property.RDATE).isPresent()) {
            return "recurring (RRULE or RDATE), not read";
        }
        Optional<DtStart<Temporal>> start = event.getStartDate();
        if (start.isEmpty() || !(start.get().getDate() instanceof LocalDate first)) {
            return start.isEmpty() ? "has no DTSTART" : "has a time of day, not an all-day event";
        }
        Optional<DtEnd<Temporal>> end = event.getEndDate(true);
        LocalDate last = first;
        if (end.isPresent() && end.get().getDate() instanceof LocalDate after && after.isAfter(first)) {
            last = after.minusDays(1);
        }
        if (last.equals(first)) {
            dates.add(first);
        } else {
            ranges.add(new DateRange(first, last));
        }
        return null;
    }

    private static String name(VEvent event) {
        Optional<Summary> summary = event.getProperty(Property.SUMMARY);
        Optional<DtStart<Temporal>> start = event.getStartDate();
        return "'" + summary.map(Property::getValue).orElse("(no summary)") + "'"
                + start.map(value -> " on " + value.getValue()).orElse("");
    }
}
