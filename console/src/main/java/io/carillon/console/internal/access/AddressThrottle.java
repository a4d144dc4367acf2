package io.carillon.console.internal.access;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Failed sign-ins per source address within a sliding window: an address with {@code maxFailures} failures in the
 * window is refused until the oldest of them leaves it. Keeps at most {@link #MAX_ADDRESSES} addresses (the least
 * recently failed are forgotten first). Thread-safe.
 */
final class AddressThrottle {

    static final int MAX_ADDRESSES = 10_000;

    private final int maxFailures;
    private final Duration window;
    private final Clock clock;
    private final Map<String, Deque<Instant>> failures = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Deque<Instant>> eldest) {
            return size() > MAX_ADDRESSES;
        }
    };

    AddressThrottle(int maxFailures, Duration window, Clock clock) {
        this.maxFailures = maxFailures;
        this.window = window;
        this.clock = clock;
    }

    /** When {@code address} may try again, or empty when it may now. */
    synchronized Optional<Instant> refusedUntil(String address) {
        if (address == null) {
            return Optional.empty();
        }
        Deque<Instant> recent = failures.get(address);
        if (recent == null) {
            return Optional.empty();
        }
        forgetOld(recent, clock.instant());
        return recent.size() < maxFailures
                ? Optional.empty()
                : Optional.of(recent.peekFirst().plus(window));
    }

    synchronized void recordFailure(String address) {
        if (address == null) {
            return;
        }
        Instant now = clock.instant();
        Deque<Instant> recent = failures.computeIfAbsent(address, key -> new ArrayDeque<>());
        forgetOld(recent, now);
        recent.addLast(now);
        while (recent.size() > maxFailures) {
            recent.removeFirst();
        }
    }

    private void forgetOld(Deque<Instant> recent, Instant now) {
        Instant start = now.minus(window);
        while (!recent.isEmpty() && !recent.peekFirst().isAfter(start)) {
            recent.removeFirst();
        }
    }
}
