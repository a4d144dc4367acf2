package io.carillon.topics.events;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.util.List;

/**
 * A named set of days and times that schedules refer to by id ({@link Schedule#skip()}, {@link Schedule#onlyOn()}),
 * on the compacted {@code calendars} topic (key: calendar id; a tombstone deletes it).
 *
 * <p>An instant falls in a calendar when, in the calendar's {@code zone} (or, when it has none, the zone of the
 * schedule asking), its day matches and its time of day matches:
 * <ul>
 *   <li>the day matches when it is one of {@code dates}, lies in one of {@code ranges} (both ends included) or is
 *       one of {@code weekdays}; a calendar with none of the three matches every day;</li>
 *   <li>the time of day matches when it lies in one of {@code times}; a calendar without {@code times} matches the
 *       whole day.</li>
 * </ul>
 * A calendar with no dates, ranges, weekdays and times contains no instant. So a public-holiday calendar lists
 * {@code dates}, a business-day calendar lists {@code weekdays} MONDAY to FRIDAY, a night batch window lists only
 * {@code times} (22:00 to 06:00), and business hours list both weekdays and times. The sizes are bounded
 * ({@link io.carillon.topics.CalendarValidator}), so a calendar stays a small record.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Calendar(
        int schemaVersion,
        String id,
        String description,
        String zone,
        List<LocalDate> dates,
        List<DateRange> ranges,
        List<DayOfWeek> weekdays,
        List<TimeWindow> times) {

    public static final int SCHEMA_VERSION = 1;

    public Calendar {
        schemaVersion = schemaVersion == 0 ? SCHEMA_VERSION : schemaVersion;
        dates = dates == null ? List.of() : List.copyOf(dates);
        ranges = ranges == null ? List.of() : List.copyOf(ranges);
        weekdays = weekdays == null ? List.of() : List.copyOf(weekdays);
        times = times == null ? List.of() : List.copyOf(times);
    }

    /** An empty calendar {@code id} in {@code zone} (null: the zone of the schedule asking). */
    public static Calendar named(String id, String zone) {
        return new Calendar(SCHEMA_VERSION, id, null, zone, null, null, null, null);
    }

    public Calendar withDescription(String text) {
        return new Calendar(schemaVersion, id, text, zone, dates, ranges, weekdays, times);
    }

    public Calendar withDates(List<LocalDate> days) {
        return new Calendar(schemaVersion, id, description, zone, days, ranges, weekdays, times);
    }

    public Calendar withRanges(List<DateRange> spans) {
        return new Calendar(schemaVersion, id, description, zone, dates, spans, weekdays, times);
    }

    public Calendar withWeekdays(List<DayOfWeek> days) {
        return new Calendar(schemaVersion, id, description, zone, dates, ranges, days, times);
    }

    public Calendar withTimes(List<TimeWindow> windows) {
        return new Calendar(schemaVersion, id, description, zone, dates, ranges, weekdays, windows);
    }

    /** Whether any day rule (dates, ranges, weekdays) is set. */
    public boolean hasDayRules() {
        return !dates.isEmpty() || !ranges.isEmpty() || !weekdays.isEmpty();
    }

    /** Whether the calendar contains no instant at all. */
    public boolean containsNothing() {
        return !hasDayRules() && times.isEmpty();
    }
}
