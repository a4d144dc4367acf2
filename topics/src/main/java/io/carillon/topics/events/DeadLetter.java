package io.carillon.topics.events;

import java.time.Instant;

/**
 * A record that could not be processed, on the {@code dlq} topic, with where it came from and why.
 * {@code key} and {@code value} are the original bytes as UTF-8 text (or base64 when not valid UTF-8).
 */
public record DeadLetter(int schemaVersion, String sourceTopic, int partition, long offset, String key,
        String value, String reason, String component, Instant at) {

    public static final int SCHEMA_VERSION = 1;

    public DeadLetter {
        schemaVersion = schemaVersion == 0 ? SCHEMA_VERSION : schemaVersion;
    }
}
