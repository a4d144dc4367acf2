package io.carillon.topics.events;

/**
 * Retries after FAILED, TIMED_OUT, LOST or NO_WORKER. {@code maxAttempts} counts every attempt including the
 * first (1 means no retry); the n-th retry waits {@code backoffMs * multiplier^(n-1)}, at most {@code maxBackoffMs}.
 */
public record RetryPolicy(int maxAttempts, long backoffMs, double multiplier, long maxBackoffMs) {

    public RetryPolicy {
        maxAttempts = Math.max(1, maxAttempts);
        backoffMs = Math.max(0, backoffMs);
        multiplier = multiplier < 1 ? 1 : multiplier;
        maxBackoffMs = maxBackoffMs <= 0 ? Long.MAX_VALUE : maxBackoffMs;
    }

    public static RetryPolicy none() {
        return new RetryPolicy(1, 0, 1, 0);
    }
}
