package io.carillon.console.internal.calendars;

import java.util.List;

/**
 * The answer of an iCalendar import: the calendar saved, how many events the file had, how many of them were left
 * out (with a time of day, or recurring) and the first of those by name.
 */
record CalendarImportView(CalendarView calendar, int events, int leftOut, List<String> leftOutNamed) {}
