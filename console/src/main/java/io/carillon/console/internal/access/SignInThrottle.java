package io.carillon.console.internal.access;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Failed sign-ins per (user name tried, source address): after {@code freeFailures} failures in a row the pair is
 * refused for {@code firstDelay}, and each further failure doubles the delay up to {@code maxDelay}. A refused attempt
 * checks no password and counts no failure; a success forgets the pair, and so does a quiet {@code maxDelay} after
 * the last failure. Only the pair is refused: the same name from another address signs in at once, so failures
 * slow down whoever makes them and never lock the account's owner out. Keeps at most {@link #MAX_PAIRS} pairs (the
 * least recently used are forgotten first). Thread-safe.
 */
final class SignInThrottle {

    static final int MAX_PAIRS = 100_000;
    private static final int MAX_DOUBLINGS = 30;

    private final int freeFailures;
    private final Duration firstDelay;
    private final Duration maxDelay;
    private final Clock clock;
    private final Map<Pair, Failures> pairs = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Pair, Failures> eldest) {
            return size() > MAX_PAIRS;
        }
    };

    SignInThrottle(int freeFailures, Duration firstDelay, Duration maxDelay, Clock clock) {
        if (freeFailures < 1 || firstDelay.isNegative() || firstDelay.isZero() || maxDelay.compareTo(firstDelay) < 0) {
            throw new IllegalArgumentException("a sign-in throttle needs at least one free failure and"
                    + " 0 < first delay <= max delay, was " + freeFailures + ", " + firstDelay + ", " + maxDelay);
        }
        this.freeFailures = freeFailures;
        this.firstDelay = firstDelay;
        this.maxDelay = maxDelay;
        this.clock = clock;
    }

    /** Why {@code name} may not be tried from {@code address} now, or empty when it may. */
    synchronized Optional<Refusal> refusal(String name, String address) {
        Failures failures = pairs.get(new Pair(name, address));
        if (failures == null || failures.refusedUntil == null || !failures.refusedUntil.isAfter(clock.instant())) {
            return Optional.empty();
        }
        return Optional.of(new Refusal(failures.refusedUntil, failures.count));
    }

    /**
     * Counts a failed sign-in of {@code name} from {@code address}.
     *
     * @return the failures in a row of the pair, this one included
     */
    synchronized int recordFailure(String name, String address) {
        Instant now = clock.instant();
        Failures failures = pairs.computeIfAbsent(new Pair(name, address), pair -> new Failures());
        if (failures.last != null && !failures.last.plus(maxDelay).isAfter(now)) {
            failures.count = 0;
        }
        failures.count++;
        failures.last = now;
        if (failures.count >= freeFailures) {
            failures.refusedUntil = now.plus(delay(failures.count - freeFailures));
        }
        return failures.count;
    }

    synchronized void recordSuccess(String name, String address) {
        pairs.remove(new Pair(name, address));
    }

    private Duration delay(int doublings) {
        Duration delay = firstDelay.multipliedBy(1L << Math.min(doublings, MAX_DOUBLINGS));
        return delay.compareTo(maxDelay) > 0 ? maxDelay : delay;
    }

    /** A pair refused until {@code until} after {@code failures} failures in a row. */
    record Refusal(Instant until, int failures) {}

    private record Pair(String name, String address) {}

    private static final class Failures {
        private int count;
        private Instant last;
        private Instant refusedUntil;
    }
}
