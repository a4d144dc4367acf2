package io.carillon.console.internal.runs;

import io.carillon.console.internal.web.InvalidInputException;
import io.carillon.topics.FieldError;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.RunStatus;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;

/**
 * The filters of the run search; null or empty means no filter. {@code from} (inclusive) and {@code to} (exclusive)
 * bound the scheduled time, {@code minDurationMs} the time from start to finish (so only finished runs match it);
 * {@code after} continues a previous page.
 */
public record RunSearch(
        String app,
        String jobId,
        Set<RunStatus> statuses,
        Set<FireKind> kinds,
        String instance,
        Instant from,
        Instant to,
        Long minDurationMs,
        RunCursor after) {

    /** Longest accepted text of a name filter (app, job, instance). */
    static final int MAX_NAME_LENGTH = 256;

    public RunSearch {
        statuses = statuses == null ? Set.of() : Set.copyOf(statuses);
        kinds = kinds == null ? Set.of() : Set.copyOf(kinds);
    }

    /**
     * The search the query parameters ask for (each may be null); {@code status} and {@code kind} take one name or
     * several separated by commas.
     *
     * @throws InvalidInputException naming every parameter at fault
     */
    public static RunSearch parse(
            String app,
            String job,
            String status,
            String kind,
            String instance,
            String from,
            String to,
            String minDurationMs,
            String cursor) {
        List<FieldError> errors = new ArrayList<>();
        name("app", app, errors);
        name("job", job, errors);
        name("instance", instance, errors);
        Set<RunStatus> statuses = names("status", status, RunStatus.class, errors);
        Set<FireKind> kinds = names("kind", kind, FireKind.class, errors);
        Instant fromInstant = instant("from", from, errors);
        Instant toInstant = instant("to", to, errors);
        if (fromInstant != null && toInstant != null && !toInstant.isAfter(fromInstant)) {
            errors.add(new FieldError("to", "must be after from (" + fromInstant + "), was " + toInstant));
        }
        Long minDuration = null;
        if (minDurationMs != null) {
            try {
                minDuration = Long.parseLong(minDurationMs.strip());
                if (minDuration < 0) {
                    errors.add(new FieldError("minDurationMs", "must be zero or more, was " + minDuration));
                }
            } catch (NumberFormatException e) {
                errors.add(new FieldError(
                        "minDurationMs", "must be a number of milliseconds, was '" + shorten(minDurationMs) + "'"));
            }
        }
        RunCursor after = null;
        if (cursor != null) {
            try {
                after = RunCursor.decode(cursor);
            } catch (InvalidInputException e) {
                errors.addAll(e.fieldErrors());
            }
        }
        if (!errors.isEmpty()) {
            throw InvalidInputException.of(errors);
        }
        return new RunSearch(app, job, statuses, kinds, instance, fromInstant, toInstant, minDuration, after);
    }

    private static void name(String field, String value, List<FieldError> errors) {
        if (value != null && (value.isBlank() || value.length() > MAX_NAME_LENGTH)) {
            errors.add(new FieldError(field, "must be 1 to " + MAX_NAME_LENGTH + " characters, was " + value.length()));
        }
    }

    private static <E extends Enum<E>> Set<E> names(
            String field, String value, Class<E> type, List<FieldError> errors) {
        Set<E> found = EnumSet.noneOf(type);
        if (value == null) {
            return found;
        }
        Function<String, E> byName = name -> Enum.valueOf(type, name.strip().toUpperCase(Locale.ROOT));
        for (String name : value.split(",")) {
            try {
                found.add(byName.apply(name));
            } catch (IllegalArgumentException e) {
                errors.add(new FieldError(
                        field, "'" + shorten(name) + "' is not one of " + Arrays.toString(type.getEnumConstants())));
                return found;
            }
        }
        return found;
    }

    private static Instant instant(String field, String value, List<FieldError> errors) {
        if (value == null) {
            return null;
        }
        try {
            return Instant.parse(value.strip());
        } catch (DateTimeParseException e) {
            errors.add(new FieldError(
                    field, "must be an ISO-8601 instant such as 2026-05-01T12:00:00Z, was '" + shorten(value) + "'"));
            return null;
        }
    }

    private static String shorten(String text) {
        return text.length() <= MAX_NAME_LENGTH ? text : text.substring(0, MAX_NAME_LENGTH) + "...";
    }
}
