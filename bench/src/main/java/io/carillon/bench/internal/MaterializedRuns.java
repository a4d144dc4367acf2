package io.carillon.bench.internal;

import java.io.PrintStream;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;

/**
 * Waits for the console's materializer to catch up with what the handlers saw: counts the runs with a terminal
 * status in PostgreSQL for a window until they reach a target or a deadline passes. Used by one thread.
 */
final class MaterializedRuns {

    static final int DEFAULT_WAIT_S = 60;

    private final BenchDatabase database;
    private final WallClock wallClock;
    private final PrintStream progress;
    private long last;

    MaterializedRuns(BenchDatabase database, WallClock wallClock, PrintStream progress) {
        this.database = database;
        this.wallClock = wallClock;
        this.progress = progress;
    }

    /** The terminal runs of bench jobs scheduled in [{@code from}, {@code to}) once {@code target} or the wait is reached. */
    long await(Instant from, Instant to, long target, Duration wait) {
        wallClock.awaitCondition(
                () -> count(from, to) >= target,
                wallClock.now().plus(wait),
                now -> progress.println("materialized " + last + " of " + target + " runs"));
        return count(from, to);
    }

    private long count(Instant from, Instant to) {
        try {
            last = database.terminalRuns(BenchJobs.ID_PREFIX, from, to);
            return last;
        } catch (SQLException e) {
            throw new IllegalStateException("could not count the runs in PostgreSQL: " + e.getMessage(), e);
        }
    }
}
