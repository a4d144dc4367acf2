package io.carillon.planner.internal;

import java.time.Instant;

/**
 * A record of {@code requests} for a job the planner did not hold when it read it, kept until the job arrives or
 * {@code expiresAt} passes: where it came from (for its dead letter), its key and its value (JSON text). Immutable.
 */
public record ParkedRequest(
        String topic, int partition, long offset, String key, String value, Instant parkedAt, Instant expiresAt) {}
