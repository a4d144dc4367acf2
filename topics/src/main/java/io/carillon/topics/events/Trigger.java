package io.carillon.topics.events;

import java.time.Instant;

/**
 * A record on {@code trigger.<app>} (key: run id): one run for one worker. {@code runId} is the fire id plus the
 * shard ({@link FireIds#runId}); {@code targetInstance} names the chosen worker, or is null when any may take it.
 * {@code dueAt} is the instant the run is to start (the nominal {@code scheduledAt} plus the job's jitter; null in
 * older records means {@code scheduledAt}). A dispatcher may send a trigger shortly before it is due; the worker
 * then starts the run at {@code dueAt}, not before. {@code workflow} is the fire's ({@link FireEvent#workflow()}):
 * the workflow node whose run this is, with its ancestors' outputs; null for a run of no workflow. {@code limit} names
 * the concurrency limit whose slot the run holds ({@link LimitClaim#name()} of the granted fire), so that its results
 * name it and the planner releases that slot whatever the job says by then; null for a run that holds none.
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
        String parentRunId,
        Instant dueAt,
        WorkflowRef workflow,
        String limit) {

    public static final int SCHEMA_VERSION = 1;

    public Trigger {
        schemaVersion = schemaVersion == 0 ? SCHEMA_VERSION : schemaVersion;
        shardTotal = Math.max(1, shardTotal);
        attempt = Math.max(1, attempt);
        dueAt = dueAt == null ? scheduledAt : dueAt;
    }

    /** A trigger of a run that holds no concurrency limit. */
    public Trigger(
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
            String parentRunId,
            Instant dueAt,
            WorkflowRef workflow) {
        this(
                schemaVersion,
                runId,
                fireId,
                jobId,
                app,
                handler,
                params,
                kind,
                attempt,
                scheduledAt,
                dispatchedAt,
                shardIndex,
                shardTotal,
                blockStrategy,
                timeoutMs,
                targetInstance,
                parentRunId,
                dueAt,
                workflow,
                null);
    }

    /** A trigger of no workflow node. */
    public Trigger(
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
            String parentRunId,
            Instant dueAt) {
        this(
                schemaVersion,
                runId,
                fireId,
                jobId,
                app,
                handler,
                params,
                kind,
                attempt,
                scheduledAt,
                dispatchedAt,
                shardIndex,
                shardTotal,
                blockStrategy,
                timeoutMs,
                targetInstance,
                parentRunId,
                dueAt,
                null);
    }

    /** A trigger due at its nominal instant. */
    public Trigger(
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
        this(
                schemaVersion,
                runId,
                fireId,
                jobId,
                app,
                handler,
                params,
                kind,
                attempt,
                scheduledAt,
                dispatchedAt,
                shardIndex,
                shardTotal,
                blockStrategy,
                timeoutMs,
                targetInstance,
                parentRunId,
                null,
                null);
    }
}
