package io.carillon.topics.events;

import java.time.Instant;

/**
 * A record on {@code trigger.<app>} (key: run id): one run for one worker. {@code runId} is the fire id plus the
 * shard ({@link FireIds#runId}); {@code targetInstance} names the chosen worker, or is null when any may take it.
 */
public record Trigger(
        int schemaVersion,
        String runId,
        String fireId,
        String jobId,
        String app,
        String handler,
        String params,
        FireKind kind,
        int attempt,
        Instant scheduledAt,
        Instant dispatchedAt,
        int shardIndex,
        int shardTotal,
        BlockStrategy blockStrategy,
        long timeoutMs,
        String targetInstance,
        String parentRunId) {

    public static final int SCHEMA_VERSION = 1;

    public Trigger {
        schemaVersion = schemaVersion == 0 ? SCHEMA_VERSION : schemaVersion;
        shardTotal = Math.max(1, shardTotal);
        attempt = Math.max(1, attempt);
    }
}
