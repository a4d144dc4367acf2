package io.carillon.worker.spring;

import io.carillon.topics.CalendarValidator;
import io.carillon.topics.FieldError;
import io.carillon.topics.LimitValidator;
import io.carillon.topics.events.AppDeclarations;
import io.carillon.topics.events.Calendar;
import io.carillon.topics.events.ConcurrencyLimit;
import io.carillon.topics.events.DateRange;
import io.carillon.topics.events.TimeWindow;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Reads the calendars and concurrency limits an app declares, through {@code carillon.worker.calendars.<id>.*} and
 * {@code carillon.worker.limits.<id>.*} and as beans of type {@link Calendar} and {@link ConcurrencyLimit}, into
 * definitions checked by {@link CalendarValidator} and {@link LimitValidator}. Misdeclarations are refused all at
 * once, each naming the property (or the bean) and the problem.
 */
final class SharedDeclarations {

    static final String CALENDAR_PREFIX = "carillon.worker.calendars.";
    static final String LIMIT_PREFIX = "carillon.worker.limits.";
    private static final String RANGE_SEPARATOR = "..";
    private static final String WINDOW_SEPARATOR = "-";
    private static final int WEEKDAY_ABBREVIATION = 3;

    private SharedDeclarations() {}

    /**
     * The calendars declared by {@code configured} and {@code beans} (by bean name), in order of declaration.
     *
     * @throws IllegalStateException naming each misdeclaration: a value that cannot be read or breaks a calendar's
     *     rules, an id declared twice, too many calendars
     */
    static List<Calendar> calendars(
            Map<String, DeclaredCalendarProperties> configured, Map<String, Calendar> beans, String app) {
        return read(
                new Kind<>("calendar", CALENDAR_PREFIX, AppDeclarations.MAX_CALENDARS, Calendar::id),
                configured,
                SharedDeclarations::calendar,
                beans,
                CalendarValidator::validate,
                app);
    }

    /**
     * The concurrency limits declared by {@code configured} and {@code beans} (by bean name), in order of declaration.
     *
     * @throws IllegalStateException naming each misdeclaration: a missing or wrong max, an id declared twice, too
     *     many limits
     */
    static List<ConcurrencyLimit> limits(
            Map<String, DeclaredLimitProperties> configured, Map<String, ConcurrencyLimit> beans, String app) {
        return read(
                new Kind<>("limit", LIMIT_PREFIX, AppDeclarations.MAX_LIMITS, ConcurrencyLimit::id),
                configured,
                SharedDeclarations::limit,
                beans,
                LimitValidator::validate,
                app);
    }

    private record Kind<T>(String name, String prefix, int max, Function<T, String> id) {}

    private static <T, P> List<T> read(
            Kind<T> kind,
            Map<String, P> configured,
            BiFunction<String, P, Parsed<T>> parse,
            Map<String, T> beans,
            Function<T, List<FieldError>> validator,
            String app) {
        Map<String, T> declared = new LinkedHashMap<>();
        Map<String, String> sources = new LinkedHashMap<>();
        List<String> problems = new ArrayList<>();
        configured.forEach((id, properties) -> {
            Parsed<T> parsed = parse.apply(id, properties);
            List<FieldError> errors = new ArrayList<>(parsed.errors());
            if (errors.isEmpty()) {
                errors.addAll(validator.apply(parsed.value()));
            }
            add(kind, parsed.value(), kind.prefix() + id, errors, ".", declared, sources, problems);
        });
        beans.forEach((name, value) -> add(
                kind,
                value,
                "the " + value.getClass().getSimpleName() + " bean '" + name + "'",
                validator.apply(value),
                ": ",
                declared,
                sources,
                problems));
        if (declared.size() > kind.max()) {
            problems.add("app '" + app + "' declares " + declared.size() + " " + kind.name() + "s; at most "
                    + kind.max() + " may be declared in code or configuration");
        }
        if (!problems.isEmpty()) {
            throw new IllegalStateException("invalid " + kind.name() + " declarations of app '" + app + "':\n  - "
                    + String.join("\n  - ", problems));
        }
        return List.copyOf(declared.values());
    }

    private static <T> void add(
            Kind<T> kind,
            T value,
            String source,
            List<FieldError> errors,
            String separator,
            Map<String, T> declared,
            Map<String, String> sources,
            List<String> problems) {
        if (!errors.isEmpty()) {
            problems.add(errors.stream()
                    .map(error -> source + separator + error.field() + ": " + error.message())
                    .collect(Collectors.joining("; ")));
            return;
        }
        String id = kind.id().apply(value);
        String earlier = sources.putIfAbsent(id, source);
        if (earlier != null) {
            problems.add(kind.name() + " '" + id + "' is declared twice: by " + earlier + " and by " + source
                    + "; give each declaration its own id");
            return;
        }
        declared.put(id, value);
    }

    private record Parsed<T>(T value, List<FieldError> errors) {}

    private static Parsed<Calendar> calendar(String id, DeclaredCalendarProperties properties) {
        List<FieldError> errors = new ArrayList<>();
        List<LocalDate> dates = each(properties.getDates(), "dates", errors, SharedDeclarations::date);
        List<DateRange> ranges = each(properties.getRanges(), "ranges", errors, SharedDeclarations::range);
        List<DayOfWeek> weekdays = each(properties.getWeekdays(), "weekdays", errors, SharedDeclarations::weekday);
        List<TimeWindow> times = each(properties.getTimes(), "times", errors, SharedDeclarations::window);
        String zone = properties.getZone() == null || properties.getZone().isBlank()
                ? null
                : properties.getZone().trim();
        Calendar calendar = Calendar.named(id, zone)
                .withDescription(properties.getDescription())
                .withDates(dates)
                .withRanges(ranges)
                .withWeekdays(weekdays)
                .withTimes(times);
        return new Parsed<>(calendar, errors);
    }

    private static Parsed<ConcurrencyLimit> limit(String id, DeclaredLimitProperties properties) {
        if (properties.getMax() == null) {
            return new Parsed<>(
                    ConcurrencyLimit.of(id, 0),
                    List.of(new FieldError("max", "is required: how many runs may hold the limit at once")));
        }
        return new Parsed<>(
                ConcurrencyLimit.of(id, properties.getMax()).withDescription(properties.getDescription()), List.of());
    }

    private interface Reader<T> {
        /** The value of {@code text}, or null after adding to {@code errors} why it is not one. */
        T read(String field, String text, List<FieldError> errors);
    }

    /** The values of {@code texts} up to the first that cannot be read, which is reported. */
    private static <T> List<T> each(List<String> texts, String name, List<FieldError> errors, Reader<T> reader) {
        List<T> values = new ArrayList<>();
        for (int i = 0; i < texts.size(); i++) {
            String text = texts.get(i) == null ? "" : texts.get(i).trim();
            T value = reader.read(name + "[" + i + "]", text, errors);
            if (value == null) {
                return values;
            }
            values.add(value);
        }
        return values;
    }

    private static LocalDate date(String field, String text, List<FieldError> errors) {
        try {
            return LocalDate.parse(text);
        } catch (DateTimeParseException e) {
            errors.add(new FieldError(field, "'" + text + "' is not a date: write 2026-12-25"));
            return null;
        }
    }

    private static DateRange range(String field, String text, List<FieldError> errors) {
        int separator = text.indexOf(RANGE_SEPARATOR);
        if (separator < 0) {
            errors.add(new FieldError(field, "'" + text + "' is not a range of days: write 2026-12-24..2026-12-31"));
            return null;
        }
        LocalDate from = date(field, text.substring(0, separator).trim(), errors);
        LocalDate to =
                date(field, text.substring(separator + RANGE_SEPARATOR.length()).trim(), errors);
        return from == null || to == null ? null : new DateRange(from, to);
    }

    private static DayOfWeek weekday(String field, String text, List<FieldError> errors) {
        String upper = text.toUpperCase(Locale.ROOT);
        for (DayOfWeek day : DayOfWeek.values()) {
            if (day.name().equals(upper)
                    || (upper.length() == WEEKDAY_ABBREVIATION && day.name().startsWith(upper))) {
                return day;
            }
        }
        errors.add(new FieldError(field, "'" + text + "' is not a day of the week: write MONDAY or MON"));
        return null;
    }

    private static TimeWindow window(String field, String text, List<FieldError> errors) {
        String[] ends = text.split(WINDOW_SEPARATOR, -1);
        LocalTime from = ends.length == 2 ? time(ends[0].trim()) : null;
        LocalTime to = ends.length == 2 ? time(ends[1].trim()) : null;
        if (from == null || to == null) {
            errors.add(new FieldError(field, "'" + text + "' is not a window of the day: write 22:00-06:00"));
            return null;
        }
        return new TimeWindow(from, to);
    }

    private static LocalTime time(String text) {
        try {
            return LocalTime.parse(text);
        } catch (DateTimeParseException e) {
            return null;
        }
    }
}
