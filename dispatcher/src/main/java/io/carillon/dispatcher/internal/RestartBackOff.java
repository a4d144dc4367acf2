package io.carillon.dispatcher.internal;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * How long the {@link LoopSupervisor} waits before it starts a new loop after one failed: {@code first} after a
 * first failure, twice the previous wait after each further failure in a row, never more than {@code max}. A loop
 * that ran at least {@code max} before it failed counts as recovered, so its failure waits {@code first} again. Not
 * thread-safe: the supervisor's thread uses it.
 */
public final class RestartBackOff {

    private final Duration first;
    private final Duration max;
    private final Clock clock;
    private Duration next;
    private Instant startedAt;

    /** Waits from {@code first} (zero or more) doubling up to {@code max} (at least {@code first}), timed by {@code clock}. */
    public RestartBackOff(Duration first, Duration max, Clock clock) {
        if (first.isNegative() || max.compareTo(first) < 0) {
            throw new IllegalArgumentException(
                    "back-off must run from zero or more up to at least as much, was " + first + " to " + max);
        }
        this.first = first;
        this.max = max;
        this.clock = clock;
        this.next = first;
    }

    /** A loop starts now. */
    public void started() {
        startedAt = clock.instant();
    }

    /** The loop started last (or the creation of the next one) failed now: how long to wait before the next start. */
    public Duration failed() {
        if (startedAt != null && Duration.between(startedAt, clock.instant()).compareTo(max) >= 0) {
            next = first;
        }
        startedAt = null;
        Duration wait = next;
        Duration doubled = next.multipliedBy(2);
        next = doubled.compareTo(max) < 0 ? doubled : max;
        return wait;
    }
}
