package io.carillon.bench.internal;

import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;

/**
 * Human-readable progress lines on standard error: seconds since the run started, handler starts so far and their
 * rate since the previous line. Used by one thread.
 */
final class Progress {

    private final PrintStream out;
    private final String workload;
    private final Instant startedAt;
    private final HandlerStarts starts;
    private long lastTotal;
    private Instant lastAt;

    Progress(PrintStream out, String workload, Instant startedAt, HandlerStarts starts) {
        this.out = out;
        this.workload = workload;
        this.startedAt = startedAt;
        this.starts = starts;
        this.lastAt = startedAt;
    }

    void say(Instant now, String message) {
        out.printf(
                "[%s +%.1fs] %s%n", workload, Duration.between(startedAt, now).toMillis() / 1000.0, message);
    }

    /** A line with the handler starts so far and their rate, then {@code phase}. */
    void rate(Instant now, String phase) {
        long total = starts.total();
        double seconds = Math.max(1, Duration.between(lastAt, now).toMillis()) / 1000.0;
        say(now, String.format("%s: %d handler starts, %.0f/s", phase, total, (total - lastTotal) / seconds));
        lastTotal = total;
        lastAt = now;
    }
}
