package io.carillon.topics;

import io.carillon.topics.events.Calendar;
import io.carillon.topics.events.DateRange;
import io.carillon.topics.events.Schedule;
import io.carillon.topics.events.TimeWindow;
import java.time.DateTimeException;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The rules a {@link Calendar} and a schedule's calendar references follow, shared by the console (400 answers) and
 * the planner (dead letters), each problem naming its field. Stateless and thread-safe.
 */
public final class CalendarValidator {

    /** A calendar id: a slug of 1 to 128 characters, like a job id. */
    public static final Pattern CALENDAR_ID = JobValidator.JOB_ID;
    /** The most single dates of one calendar: ten years of a public-holiday feed fit many times over. */
    public static final int MAX_DATES = 2_000;
    /** The most date ranges of one calendar. */
    public static final int MAX_RANGES = 500;
    /** The most time-of-day windows of one calendar. */
    public static final int MAX_TIMES = 48;
    /** The longest description. */
    public static final int MAX_DESCRIPTION_LENGTH = 1_000;
    /** The most calendars one schedule skips. */
    public static final int MAX_SKIP = 8;

    private CalendarValidator() {}

    public static boolean isValidCalendarId(String id) {
        return id != null && CALENDAR_ID.matcher(id).matches();
    }

    /** The problems with {@code calendar}; empty when it is valid. */
    public static List<FieldError> validate(Calendar calendar) {
        List<FieldError> errors = new ArrayList<>();
        if (!isValidCalendarId(calendar.id())) {
            errors.add(new FieldError("id", invalidId(calendar.id())));
        }
        if (calendar.zone() != null) {
            try {
                ZoneId.of(calendar.zone());
            } catch (DateTimeException e) {
                errors.add(new FieldError("zone", "'" + calendar.zone() + "' is not a known time zone"));
            }
        }
        if (calendar.description() != null && calendar.description().length() > MAX_DESCRIPTION_LENGTH) {
            errors.add(new FieldError("description", "must be at most " + MAX_DESCRIPTION_LENGTH + " characters"));
        }
        checkSize(errors, "dates", calendar.dates().size(), MAX_DATES);
        checkNoNulls(errors, "dates", calendar.dates());
        checkSize(errors, "ranges", calendar.ranges().size(), MAX_RANGES);
        for (int i = 0; i < calendar.ranges().size(); i++) {
            checkRange(errors, "ranges[" + i + "]", calendar.ranges().get(i));
        }
        checkNoNulls(errors, "weekdays", calendar.weekdays());
        if (new HashSet<>(calendar.weekdays()).size() < calendar.weekdays().size()) {
            errors.add(new FieldError("weekdays", "must not repeat a day"));
        }
        checkSize(errors, "times", calendar.times().size(), MAX_TIMES);
        for (int i = 0; i < calendar.times().size(); i++) {
            checkWindow(errors, "times[" + i + "]", calendar.times().get(i));
        }
        return errors;
    }

    /**
     * What is wrong with a record of the {@code calendars} topic ({@code key}, JSON {@code value}): unparsable, a key
     * that is not its id, or a calendar that is not valid; null when it is a calendar to keep.
     */
    public static String recordProblem(String key, byte[] value) {
        try {
            Calendar calendar = EventSerdes.CALENDAR.deserialize(null, value);
            List<FieldError> errors = validate(calendar);
            if (!errors.isEmpty()) {
                return "not a valid calendar: " + errors;
            }
            return key.equals(calendar.id()) ? null : "its id '" + calendar.id() + "' is not its key";
        } catch (InvalidEventException e) {
            return "unparsable: " + e.getMessage();
        }
    }

    /** The problems with the calendar references of {@code schedule}, each naming its field under {@code prefix}. */
    public static List<FieldError> validateReferences(Schedule schedule, String prefix) {
        List<FieldError> errors = new ArrayList<>();
        List<String> skip = schedule.skip() == null ? List.of() : schedule.skip();
        if (skip.size() > MAX_SKIP) {
            errors.add(new FieldError(prefix + ".skip", "must name at most " + MAX_SKIP + " calendars"));
        }
        Set<String> seen = new HashSet<>();
        for (String id : skip) {
            if (!isValidCalendarId(id)) {
                errors.add(new FieldError(prefix + ".skip", invalidId(id)));
            } else if (!seen.add(id)) {
                errors.add(new FieldError(prefix + ".skip", "names calendar '" + id + "' twice"));
            }
        }
        if (schedule.onlyOn() != null) {
            if (!isValidCalendarId(schedule.onlyOn())) {
                errors.add(new FieldError(prefix + ".onlyOn", invalidId(schedule.onlyOn())));
            } else if (seen.contains(schedule.onlyOn())) {
                errors.add(new FieldError(
                        prefix + ".onlyOn",
                        "calendar '" + schedule.onlyOn() + "' is also in skip, so no instant would fire"));
            }
        }
        return errors;
    }

    private static String invalidId(String id) {
        return "'" + id + "' is not a valid calendar id: use 1 to 128 characters of a-z, 0-9, '.', '_' or '-',"
                + " starting with a letter or digit";
    }

    private static void checkSize(List<FieldError> errors, String field, int size, int max) {
        if (size > max) {
            errors.add(new FieldError(field, "must have at most " + max + " entries, has " + size));
        }
    }

    private static void checkNoNulls(List<FieldError> errors, String field, List<?> values) {
        if (values.stream().anyMatch(Objects::isNull)) {
            errors.add(new FieldError(field, "must not contain null"));
        }
    }

    private static void checkRange(List<FieldError> errors, String field, DateRange range) {
        if (range == null || range.from() == null || range.to() == null) {
            errors.add(new FieldError(field, "needs both from and to"));
        } else if (range.to().isBefore(range.from())) {
            errors.add(new FieldError(field + ".to", "must not be before from"));
        }
    }

    private static void checkWindow(List<FieldError> errors, String field, TimeWindow window) {
        if (window == null || window.from() == null || window.to() == null) {
            errors.add(new FieldError(field, "needs both from and to"));
        }
    }
}
