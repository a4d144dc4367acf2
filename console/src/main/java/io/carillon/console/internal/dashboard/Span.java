package io.carillon.console.internal.dashboard;

import java.time.Instant;

/**
 * A dashboard chart's span: buckets of {@code unit} ({@code minute} or {@code day}, PostgreSQL's
 * {@code date_trunc} names, days in UTC) from {@code from} (inclusive) to {@code to} (exclusive).
 */
record Span(Unit unit, Instant from, Instant to) {

    /** A bucket length, and the stats windows a chart of it reads. */
    enum Unit {
        MINUTE("minute", "MINUTE"),
        DAY("day", "HOUR");

        final String truncation;
        final String window;

        Unit(String truncation, String window) {
            this.truncation = truncation;
            this.window = window;
        }
    }
}
