package io.carillon.topics.events;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * A named concurrency limit on the compacted {@code limits} topic (key: limit id; a tombstone deletes it): across all
 * workers and apps at most {@code max} runs of the jobs that take it ({@link JobDefinition#concurrency()}) run at
 * once. A limit that is not defined (never, or deleted) grants every run at once. Bounds: {@link
 * io.carillon.topics.LimitValidator}.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ConcurrencyLimit(int schemaVersion, String id, int max, String description) {

    public static final int SCHEMA_VERSION = 1;

    public ConcurrencyLimit {
        schemaVersion = schemaVersion == 0 ? SCHEMA_VERSION : schemaVersion;
    }

    public static ConcurrencyLimit of(String id, int max) {
        return new ConcurrencyLimit(SCHEMA_VERSION, id, max, null);
    }

    public ConcurrencyLimit withDescription(String text) {
        return new ConcurrencyLimit(schemaVersion, id, max, text);
    }
}
