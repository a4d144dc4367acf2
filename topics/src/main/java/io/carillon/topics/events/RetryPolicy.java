package io.carillon.topics.events;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * Retries after FAILED, TIMED_OUT, LOST or NO_WORKER. {@code maxAttempts} counts every attempt including the
 * first (1 means no retry); the n-th retry waits {@code backoffMs * multiplier^(n-1)}, at most {@code maxBackoffMs}.
 * An unset {@code maxBackoffMs} (0 or less) means no cap ({@link #NO_CAP}), which JSON leaves out.
 */
public record RetryPolicy(
        int maxAttempts,
        long backoffMs,
        double multiplier,

        @JsonInclude(value = JsonInclude.Include.CUSTOM, valueFilter = RetryPolicy.NoCapFilter.class)
        long maxBackoffMs) {

    /** The {@code maxBackoffMs} of a policy without a cap. */
    public static final long NO_CAP = Long.MAX_VALUE;

    public RetryPolicy {
        maxAttempts = Math.max(1, maxAttempts);
        backoffMs = Math.max(0, backoffMs);
        multiplier = multiplier < 1 ? 1 : multiplier;
        maxBackoffMs = maxBackoffMs <= 0 ? NO_CAP : maxBackoffMs;
    }

    public static RetryPolicy none() {
        return new RetryPolicy(1, 0, 1, 0);
    }

    /** Leaves {@link #NO_CAP} out of JSON (Jackson calls {@code equals} with the value; true excludes it). */
    static final class NoCapFilter {

        @Override
        public boolean equals(Object value) {
            return value instanceof Long cap && cap == NO_CAP;
        }

        @Override
        public int hashCode() {
            return Long.hashCode(NO_CAP);
        }
    }
}
