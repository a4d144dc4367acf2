package io.carillon.console.internal.support;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * The pause before the next pass of a poller that finds nothing to do most of the time (the outbox relay): the
 * {@code base} pause while there is work, growing with the time since the last work (a tenth of it) up to
 * {@code max}, and back to {@code base} at the next work. So a poller that is busy keeps its short pause, and one
 * that has been idle a minute looks {@code max} apart. Time comes from the clock. Thread-safe.
 */
public final class IdleBackoff {

    /** The pause is this fraction of the time since the last work: idle for 10 s, a pass every second. */
    private static final int IDLE_SHARE = 10;

    private final Clock clock;
    private final Duration base;
    private final Duration max;
    private Instant lastWork;

    /**
     * @param base the pause while there is work, positive
     * @param max the longest pause, at least {@code base}
     * @throws IllegalArgumentException naming the pause that is out of range
     */
    public IdleBackoff(Clock clock, Duration base, Duration max) {
        if (base == null || base.isNegative() || base.isZero()) {
            throw new IllegalArgumentException("the base pause must be positive, not " + base);
        }
        if (max == null || max.compareTo(base) < 0) {
            throw new IllegalArgumentException(
                    "the longest pause must be at least the base pause " + base + ", not " + max);
        }
        this.clock = clock;
        this.base = base;
        this.max = max;
        this.lastWork = clock.instant();
    }

    /** Says that the poller found work (or was told of some): the next pause is the base pause. */
    public synchronized void worked() {
        lastWork = clock.instant();
    }

    /** The pause before the next pass. */
    public synchronized Duration delay() {
        Duration grown = Duration.between(lastWork, clock.instant()).dividedBy(IDLE_SHARE);
        if (grown.compareTo(base) < 0) {
            return base;
        }
        return grown.compareTo(max) > 0 ? max : grown;
    }
}
