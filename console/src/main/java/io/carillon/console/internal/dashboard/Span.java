package io.carillon.console.internal.dashboard;

import java.time.Duration;
import java.time.Instant;

/**
 * A dashboard chart's span: buckets of {@code unit} ({@code minute} or {@code day}, PostgreSQL's
 * {@code date_trunc} names, days in UTC) from {@code from} (inclusive) to {@code to} (exclusive).
 */
record Span(Unit unit, Instant from, Instant to) {

    /** A bucket length, and the stats windows a chart of it reads. */
    enum Unit {
        MINUTE("minute", "MINUTE", Duration.ofMinutes(1)),
        DAY("day", "HOUR", Duration.ofDays(1));

        final String truncation;
        final String window;
        final Duration length;

        Unit(String truncation, String window, Duration length) {
            this.truncation = truncation;
            this.window = window;
            this.length = length;
        }
    }
}
