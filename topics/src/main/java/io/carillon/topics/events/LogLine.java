package io.carillon.topics.events;

import java.time.Instant;

/** One line a handler logged, on the {@code logs} topic (key: run id), ordered by {@code seq} within a run. */
public record LogLine(
        int schemaVersion,
        String runId,
        String jobId,
        String instance,
        long seq,
        Instant at,
        String level,
        String message) {

    public static final int SCHEMA_VERSION = 1;

    public LogLine {
        schemaVersion = schemaVersion == 0 ? SCHEMA_VERSION : schemaVersion;
    }
}
