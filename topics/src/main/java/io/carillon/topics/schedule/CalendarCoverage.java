package io.carillon.topics.schedule;

import io.carillon.topics.events.Calendar;
import io.carillon.topics.events.TimeWindow;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;

/**
 * Which instants a {@link Calendar} contains, judged in one zone: whether one does, where a covered stretch ends and
 * where the next one starts. Each search is bounded ({@link #MAX_DAYS_SEARCHED}) and says null when it runs out.
 * Stateless and thread-safe.
 */
final class CalendarCoverage {

    /** How many days a search for the start or end of a covered stretch looks at, about ten years. */
    static final int MAX_DAYS_SEARCHED = 3_700;
    /** Windows per day and days of one search at most: each step crosses one window end or one midnight. */
    private static final int MAX_STEPS = MAX_DAYS_SEARCHED * 4;

    private CalendarCoverage() {}

    static boolean contains(Calendar calendar, Instant instant, ZoneId zone) {
        return contains(calendar, instant.atZone(zone).toLocalDateTime());
    }

    private static boolean contains(Calendar calendar, LocalDateTime local) {
        return !calendar.containsNothing()
                && dayMatches(calendar, local.toLocalDate())
                && timeMatches(calendar, local.toLocalTime());
    }

    private static boolean dayMatches(Calendar calendar, LocalDate day) {
        if (!calendar.hasDayRules()) {
            return true;
        }
        return calendar.dates().contains(day)
                || calendar.weekdays().contains(day.getDayOfWeek())
                || calendar.ranges().stream().anyMatch(range -> range.contains(day));
    }

    private static boolean timeMatches(Calendar calendar, LocalTime time) {
        return calendar.times().isEmpty() || calendar.times().stream().anyMatch(window -> window.contains(time));
    }

    /**
     * The first instant at or after {@code instant} that {@code calendar} does not contain; null when the calendar
     * covers everything the search looks at.
     */
    static Instant firstOutside(Calendar calendar, Instant instant, ZoneId zone) {
        Instant current = instant;
        for (int step = 0; step < MAX_STEPS; step++) {
            ZonedDateTime zoned = current.atZone(zone);
            LocalDateTime local = zoned.toLocalDateTime();
            if (!contains(calendar, local)) {
                return current;
            }
            LocalDateTime end = coverEndWithinDay(calendar, local);
            Instant next = ZonedDateTime.ofLocal(end, zone, zoned.getOffset()).toInstant();
            current = next.isAfter(current) ? next : current.plusSeconds(1);
        }
        return null;
    }

    /** The end of the window containing {@code local}, at most the next midnight. */
    private static LocalDateTime coverEndWithinDay(Calendar calendar, LocalDateTime local) {
        LocalDateTime midnight = local.toLocalDate().plusDays(1).atStartOfDay();
        LocalDateTime end = null;
        for (TimeWindow window : calendar.times()) {
            LocalTime time = local.toLocalTime();
            if (!window.contains(time)) {
                continue;
            }
            LocalDateTime windowEnd = window.wraps() && !time.isBefore(window.from())
                    ? midnight
                    : local.toLocalDate().atTime(window.to());
            end = end == null || windowEnd.isAfter(end) ? windowEnd : end;
        }
        return end == null || end.isAfter(midnight) || !end.isAfter(local) ? midnight : end;
    }

    /**
     * The first instant at or after {@code instant} that {@code calendar} contains; null when it contains none
     * within the days the search looks at.
     */
    static Instant firstInside(Calendar calendar, Instant instant, ZoneId zone) {
        if (calendar.containsNothing()) {
            return null;
        }
        LocalDateTime from = instant.atZone(zone).toLocalDateTime();
        for (int days = 0; days < MAX_DAYS_SEARCHED; days++) {
            LocalDate day = from.toLocalDate().plusDays(days);
            if (!dayMatches(calendar, day)) {
                continue;
            }
            LocalTime earliest = days == 0 ? from.toLocalTime() : LocalTime.MIDNIGHT;
            LocalTime start = firstCoveredTime(calendar, earliest);
            if (start != null) {
                Instant found = day.atTime(start).atZone(zone).toInstant();
                return found.isBefore(instant) ? instant : found;
            }
        }
        return null;
    }

    /** The first time of day at or after {@code earliest} within a window, null when none is left that day. */
    private static LocalTime firstCoveredTime(Calendar calendar, LocalTime earliest) {
        if (timeMatches(calendar, earliest)) {
            return earliest;
        }
        LocalTime first = null;
        for (TimeWindow window : calendar.times()) {
            if (window.from().isAfter(earliest)
                    && (first == null || window.from().isBefore(first))) {
                first = window.from();
            }
        }
        return first;
    }
}
