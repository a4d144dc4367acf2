package io.carillon.topics.events;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;

/**
 * What to do with scheduled instants that were missed by more than {@code thresholdMs}.
 * {@code maxCatchUp} bounds how many missed instants CATCH_UP replays. {@code maxLateMs}, when above 0, is the
 * latest a scheduled instant may start (Kestra's {@code lateMaximumDelay}): an instant that would be handed to a
 * worker more than that after it is due does not run, whatever the strategy, and is answered SKIPPED; 0 means no
 * limit. A negative {@code maxLateMs} is kept as it is, for the validator to refuse.
 */
public record MisfirePolicy(
        MisfireStrategy strategy,
        long thresholdMs,
        int maxCatchUp,
        @JsonInclude(JsonInclude.Include.NON_DEFAULT) long maxLateMs) {

    public static final long DEFAULT_THRESHOLD_MS = 5_000;
    public static final int DEFAULT_MAX_CATCH_UP = 100;
    /** The {@code maxLateMs} of a policy without a limit. */
    public static final long NO_LATE_LIMIT = 0;

    public MisfirePolicy {
        strategy = strategy == null ? MisfireStrategy.FIRE_ONCE_NOW : strategy;
        thresholdMs = thresholdMs <= 0 ? DEFAULT_THRESHOLD_MS : thresholdMs;
        maxCatchUp = maxCatchUp <= 0 ? DEFAULT_MAX_CATCH_UP : maxCatchUp;
    }

    /** A policy without a lateness limit. */
    public MisfirePolicy(MisfireStrategy strategy, long thresholdMs, int maxCatchUp) {
        this(strategy, thresholdMs, maxCatchUp, NO_LATE_LIMIT);
    }

    public static MisfirePolicy defaults() {
        return new MisfirePolicy(MisfireStrategy.FIRE_ONCE_NOW, DEFAULT_THRESHOLD_MS, DEFAULT_MAX_CATCH_UP);
    }

    /** Whether an instant due at {@code dueAt} is too late to start at {@code now}: more than {@code maxLateMs}. */
    public boolean tooLate(Instant dueAt, Instant now) {
        return maxLateMs > 0 && now.toEpochMilli() - dueAt.toEpochMilli() > maxLateMs;
    }
}
