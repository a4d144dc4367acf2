package io.carillon.topics.events;

/**
 * What to do with scheduled instants that were missed by more than {@code thresholdMs}.
 * {@code maxCatchUp} bounds how many missed instants CATCH_UP replays.
 */
public record MisfirePolicy(MisfireStrategy strategy, long thresholdMs, int maxCatchUp) {

    public static final long DEFAULT_THRESHOLD_MS = 5_000;
    public static final int DEFAULT_MAX_CATCH_UP = 100;

    public MisfirePolicy {
        strategy = strategy == null ? MisfireStrategy.FIRE_ONCE_NOW : strategy;
        thresholdMs = thresholdMs <= 0 ? DEFAULT_THRESHOLD_MS : thresholdMs;
        maxCatchUp = maxCatchUp <= 0 ? DEFAULT_MAX_CATCH_UP : maxCatchUp;
    }

    public static MisfirePolicy defaults() {
        return new MisfirePolicy(MisfireStrategy.FIRE_ONCE_NOW, DEFAULT_THRESHOLD_MS, DEFAULT_MAX_CATCH_UP);
    }
}
