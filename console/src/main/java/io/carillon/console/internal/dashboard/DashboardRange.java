package io.carillon.console.internal.dashboard;

import io.carillon.console.internal.web.InvalidInputException;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The spans a dashboard request asks for: {@code range}, the per-minute chart's span in whole minutes ({@code 90m},
 * {@code 6h}, {@code 2d} or ISO-8601 {@code PT6H}), at most the minute retention; {@code days}, the per-day
 * chart's days, at most the hour retention's. Absent values take the configured defaults.
 */
record DashboardRange(Duration range, int days) {

    private static final Pattern SHORT = Pattern.compile("(\\d{1,6})([mhd])");

    static DashboardRange parse(String range, Integer days, DashboardProperties settings) {
        Duration span = range == null || range.isBlank() ? settings.getDefaultRange() : duration(range.trim());
        Duration longest = settings.getMinuteRetention();
        if (span.compareTo(Duration.ofMinutes(1)) < 0
                || span.compareTo(longest) > 0
                || !span.equals(Duration.ofMinutes(span.toMinutes()))) {
            throw InvalidInputException.of(
                    "range",
                    "'" + range + "' is not whole minutes between 1m and " + longest.toMinutes()
                            + "m (per-minute stats are kept that long)");
        }
        long mostDays = settings.getHourRetention().toDays();
        int dayCount = days == null ? settings.getDefaultDays() : days;
        if (dayCount < 1 || dayCount > mostDays) {
            throw InvalidInputException.of(
                    "days",
                    "must be between 1 and " + mostDays + " (per-hour stats are kept that long), not " + dayCount);
        }
        return new DashboardRange(span, dayCount);
    }

    private static Duration duration(String text) {
        Matcher shorthand = SHORT.matcher(text.toLowerCase(Locale.ROOT));
        if (shorthand.matches()) {
            long amount = Long.parseLong(shorthand.group(1));
            return switch (shorthand.group(2)) {
                case "m" -> Duration.ofMinutes(amount);
                case "h" -> Duration.ofHours(amount);
                default -> Duration.ofDays(amount);
            };
        }
        try {
            return Duration.parse(text);
        } catch (DateTimeParseException e) {
            throw InvalidInputException.of("range", "'" + text + "' is not a span such as 90m, 6h, 2d or PT6H");
        }
    }
}
