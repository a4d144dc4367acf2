package io.carillon.topics.events;

import java.time.Instant;

/**
 * A record on the {@code results} topic (key: job id): one status change of one run. STARTED and PROGRESS are
 * followed by exactly one terminal status ({@link RunStatus#isTerminal()}). Times are the worker's clock, except
 * for results about a fire that never reached a worker (NO_WORKER, and SKIPPED for a misfire), which the dispatcher
 * or the planner report ({@link #ofUnrunFire}); workers report SKIPPED too (a block strategy discarded the run).
 * {@code params} and {@code parentRunId} are those the run was given (a manual fire's override params, a child's
 * parent run), so that a retry runs with the same.
 */
public record RunResult(
        int schemaVersion,
        String runId,
        String fireId,
        String jobId,
        String app,
        String handler,
        String instance,
        RunStatus status,
        FireKind kind,
        int attempt,
        int shardIndex,
        int shardTotal,
        Instant scheduledAt,
        Instant startedAt,
        Instant finishedAt,
        String message,
        String errorClass,
        Progress progress,
        Instant emittedAt,
        String params,
        String parentRunId) {

    public static final int SCHEMA_VERSION = 1;

    public RunResult {
        schemaVersion = schemaVersion == 0 ? SCHEMA_VERSION : schemaVersion;
        shardTotal = Math.max(1, shardTotal);
        attempt = Math.max(1, attempt);
    }

    /** A result that does not say which params or parent run the run had. */
    public RunResult(
            int schemaVersion,
            String runId,
            String fireId,
            String jobId,
            String app,
            String handler,
            String instance,
            RunStatus status,
            FireKind kind,
            int attempt,
            int shardIndex,
            int shardTotal,
            Instant scheduledAt,
            Instant startedAt,
            Instant finishedAt,
            String message,
            String errorClass,
            Progress progress,
            Instant emittedAt) {
        this(
                schemaVersion,
                runId,
                fireId,
                jobId,
                app,
                handler,
                instance,
                status,
                kind,
                attempt,
                shardIndex,
                shardTotal,
                scheduledAt,
                startedAt,
                finishedAt,
                message,
                errorClass,
                progress,
                emittedAt,
                null,
                null);
    }

    /**
     * A terminal result for shard 0 of {@code fire}, which never reached a worker (no instance, or skipped as a
     * misfire): no instance, no start, finished at {@code now} with {@code message}.
     */
    public static RunResult ofUnrunFire(FireEvent fire, RunStatus status, String message, Instant now) {
        int shard = fire.coversOneShard() ? fire.shardIndex() : 0;
        int total = fire.coversOneShard() ? fire.shardTotal() : 1;
        return new RunResult(
                SCHEMA_VERSION,
                FireIds.runId(fire.fireId(), shard),
                fire.fireId(),
                fire.jobId(),
                fire.app(),
                fire.handler(),
                null,
                status,
                fire.kind(),
                fire.attempt(),
                shard,
                total,
                fire.scheduledAt(),
                null,
                now,
                message,
                null,
                null,
                now,
                fire.params(),
                fire.parentRunId());
    }

    /** This result with {@code progress} in place of its own. */
    public RunResult withProgress(Progress progress) {
        return new RunResult(
                schemaVersion,
                runId,
                fireId,
                jobId,
                app,
                handler,
                instance,
                status,
                kind,
                attempt,
                shardIndex,
                shardTotal,
                scheduledAt,
                startedAt,
                finishedAt,
                message,
                errorClass,
                progress,
                emittedAt,
                params,
                parentRunId);
    }

    /** A result for the run {@code trigger} describes. */
    public static RunResult of(
            Trigger trigger,
            String instance,
            RunStatus status,
            Instant startedAt,
            Instant finishedAt,
            String message,
            String errorClass,
            Instant emittedAt) {
        return new RunResult(
                SCHEMA_VERSION,
                trigger.runId(),
                trigger.fireId(),
                trigger.jobId(),
                trigger.app(),
                trigger.handler(),
                instance,
                status,
                trigger.kind(),
                trigger.attempt(),
                trigger.shardIndex(),
                trigger.shardTotal(),
                trigger.scheduledAt(),
                startedAt,
                finishedAt,
                message,
                errorClass,
                null,
                emittedAt,
                trigger.params(),
                trigger.parentRunId());
    }
}
