package io.carillon.planner;

import java.time.Duration;
import java.util.Objects;

/**
 * How far ahead the planner emits fires and how often it looks for due timers.
 *
 * @param horizon           how far ahead of its instant a fire is written to {@code fires} (default 10 s); the
 *                          dispatcher holds it until it is due, and a disable or delete can still cancel it
 * @param punctuateInterval how often the wall-clock punctuator scans the timer store (default 100 ms)
 */
public record PlannerSettings(Duration horizon, Duration punctuateInterval) {

    public static final Duration DEFAULT_HORIZON = Duration.ofSeconds(10);
    public static final Duration DEFAULT_PUNCTUATE_INTERVAL = Duration.ofMillis(100);

    public PlannerSettings {
        Objects.requireNonNull(horizon, "horizon");
        Objects.requireNonNull(punctuateInterval, "punctuateInterval");
        if (horizon.isNegative()) {
            throw new IllegalArgumentException("horizon must not be negative, was " + horizon);
        }
        if (punctuateInterval.isNegative() || punctuateInterval.isZero()) {
            throw new IllegalArgumentException("punctuateInterval must be positive, was " + punctuateInterval);
        }
    }

    public static PlannerSettings defaults() {
        return new PlannerSettings(DEFAULT_HORIZON, DEFAULT_PUNCTUATE_INTERVAL);
    }
}
