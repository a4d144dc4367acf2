package io.carillon.console.internal.incidents;

import java.time.Duration;

/**
 * When a failed delivery is tried again: {@code initial-backoff × backoff-multiplier^(attempts − 1)} after the
 * failed attempt, at most {@code max-backoff}, and not at all after {@code max-attempts}. Immutable.
 */
record RetrySchedule(int maxAttempts, Duration initialBackoff, double multiplier, Duration maxBackoff) {

    static RetrySchedule of(NotificationProperties settings) {
        return new RetrySchedule(
                settings.getMaxAttempts(),
                settings.getInitialBackoff(),
                settings.getBackoffMultiplier(),
                settings.getMaxBackoff());
    }

    /** Whether a delivery that failed {@code attempts} times is tried again. */
    boolean retries(int attempts) {
        return attempts < maxAttempts;
    }

    /** The wait after the {@code attempts}-th failed attempt (1 for the first). */
    Duration backoff(int attempts) {
        double millis = initialBackoff.toMillis() * Math.pow(multiplier, Math.max(0, attempts - 1));
        return millis >= maxBackoff.toMillis() ? maxBackoff : Duration.ofMillis(Math.round(millis));
    }
}
