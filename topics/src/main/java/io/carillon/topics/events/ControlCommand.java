package io.carillon.topics.events;

import java.time.Instant;

/** A command to workers on the {@code control} topic (key: run id), such as killing a run. */
public record ControlCommand(
        int schemaVersion,
        String commandId,
        ControlType type,
        String runId,
        String jobId,
        String app,
        String instance,
        String requestedBy,
        Instant requestedAt) {

    public static final int SCHEMA_VERSION = 1;

    public ControlCommand {
        schemaVersion = schemaVersion == 0 ? SCHEMA_VERSION : schemaVersion;
    }
}
