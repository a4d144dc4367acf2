package io.carillon.bench.internal;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * Lets real time pass, which is what a benchmark measures: waits until the injected clock reaches an instant or a
 * condition holds, calling a progress callback about once a second. Re-reads the clock after every park, so a late
 * wake-up never shortens or stretches a window. Used by one thread.
 */
public final class WallClock {

    private static final Duration PROGRESS_EVERY = Duration.ofSeconds(1);
    private static final Duration POLL_EVERY = Duration.ofMillis(250);

    private final Clock clock;

    public WallClock(Clock clock) {
        this.clock = clock;
    }

    public Instant now() {
        return clock.instant();
    }

    /** Waits until the clock reads {@code target} or later, reporting progress with the current instant. */
    public void awaitInstant(Instant target, Consumer<Instant> progress) {
        Instant nextReport = now().plus(PROGRESS_EVERY);
        Instant now;
        while ((now = now()).isBefore(target)) {
            if (!now.isBefore(nextReport)) {
                progress.accept(now);
                nextReport = now.plus(PROGRESS_EVERY);
            }
            park(Duration.between(now, min(target, nextReport)));
        }
    }

    /**
     * Waits until {@code done} holds or the clock passes {@code deadline}, checking every 250 ms.
     *
     * @return whether {@code done} held
     */
    public boolean awaitCondition(BooleanSupplier done, Instant deadline, Consumer<Instant> progress) {
        Instant nextReport = now().plus(PROGRESS_EVERY);
        while (!done.getAsBoolean()) {
            Instant now = now();
            if (now.isAfter(deadline)) {
                return false;
            }
            if (!now.isBefore(nextReport)) {
                progress.accept(now);
                nextReport = now.plus(PROGRESS_EVERY);
            }
            park(POLL_EVERY);
        }
        return true;
    }

    /** The first instant at or after {@code instant} that is a whole multiple of {@code stepMillis} since the epoch. */
    public static Instant ceil(Instant instant, long stepMillis) {
        long millis = instant.toEpochMilli();
        long remainder = Math.floorMod(millis, stepMillis);
        return Instant.ofEpochMilli(remainder == 0 ? millis : millis - remainder + stepMillis);
    }

    private static Instant min(Instant a, Instant b) {
        return a.isBefore(b) ? a : b;
    }

    private static void park(Duration duration) {
        if (!duration.isNegative() && !duration.isZero()) {
            LockSupport.parkNanos(TimeUnit.NANOSECONDS.convert(duration));
        }
        if (Thread.interrupted()) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the benchmark window");
        }
    }
}
