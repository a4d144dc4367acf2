package io.carillon.topics.events;

/**
 * Percentiles of a set of millisecond values, read from a sketch: within 1 % of the true value, except
 * {@code max}, which is exact. {@code count} is the number of values.
 */
public record Percentiles(long count, long p50, long p90, long p99, long max) {}
