package io.carillon.topics.events;

import java.time.Instant;

/**
 * A record on the {@code results} topic (key: job id): one status change of one run. STARTED and PROGRESS are
 * followed by exactly one terminal status ({@link RunStatus#isTerminal()}). Times are the worker's clock, except
 * for results about a fire that never reached a worker (NO_WORKER, and SKIPPED for a misfire), which the dispatcher
 * or the planner report ({@link #ofUnrunFire}); workers report SKIPPED too (a block strategy discarded the run).
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
        Instant emittedAt) {

    public static final int SCHEMA_VERSION = 1;

    public RunResult {
        schemaVersion = schemaVersion == 0 ? SCHEMA_VERSION : schemaVersion;
        shardTotal = Math.max(1, shardTotal);
        attempt = Math.max(1, attempt);
    }

    /**
     * A terminal result for shard 0 of {@code fire}, which never reached a worker (no instance, or skipped as a
     * misfire): no instance, no start, finished at {@code now} with {@code message}.
     */
    public static RunResult ofUnrunFire(FireEvent fire, RunStatus status, String message, Instant now) {
        return new RunResult(SCHEMA_VERSION, FireIds.runId(fire.fireId(), 0), fire.fireId(), fire.jobId(),
                fire.app(), fire.handler(), null, status, fire.kind(), fire.attempt(), 0, 1, fire.scheduledAt(), null,
                now, message, null, null, now);
    }

    /** This result with {@code progress} in place of its own. */
    public RunResult withProgress(Progress progress) {
        return new RunResult(schemaVersion, runId, fireId, jobId, app, handler, instance, status, kind, attempt,
                shardIndex, shardTotal, scheduledAt, startedAt, finishedAt, message, errorClass, progress, emittedAt);
    }

    /** A result for the run {@code trigger} describes. */
    public static RunResult of(Trigger trigger, String instance, RunStatus status, Instant startedAt,
            Instant finishedAt, String message, String errorClass, Instant emittedAt) {
        return new RunResult(SCHEMA_VERSION, trigger.runId(), trigger.fireId(), trigger.jobId(), trigger.app(),
                trigger.handler(), instance, status, trigger.kind(), trigger.attempt(), trigger.shardIndex(),
                trigger.shardTotal(), trigger.scheduledAt(), startedAt, finishedAt, message, errorClass, null,
                emittedAt);
    }
}
