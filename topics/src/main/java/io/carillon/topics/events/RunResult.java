package io.carillon.topics.events;

import java.time.Instant;

/**
 * A record on the {@code results} topic (key: job id): one status change of one run. STARTED and PROGRESS are
 * followed by exactly one terminal status ({@link RunStatus#isTerminal()}). A worker writes STARTED on {@code results}
 * when the handler starts (with {@code startedAt}); its claim on a run, a STARTED without {@code startedAt} written
 * before the run is taken, travels on the internal {@code claims} topic in a {@link ClaimBatch} (workers before
 * {@code claims} wrote it to {@code results}). Times are the worker's clock, except
 * for results about a fire that never reached a worker (NO_WORKER, and SKIPPED for a misfire), which the dispatcher
 * or the planner report ({@link #ofUnrunFire}); workers report SKIPPED too (a block strategy discarded the run).
 * {@code params} and {@code parentRunId} are those the run was given (a manual fire's override params, a child's
 * parent run), so that a retry runs with the same. {@code workflow} is the run's {@link Trigger#workflow()} (null for
 * a run of no workflow); {@code output}, on a terminal result, is what the handler put for the workflow's next nodes
 * (at most {@link #MAX_OUTPUT_CHARS} characters; null when it put nothing). {@code limit} names the concurrency limit
 * whose slot the run holds or waits for ({@link Trigger#limit()}, {@link LimitClaim#name()}); the planner releases
 * that slot when the run ends, whatever the job names by then. Null for a run of no limit, and in results of workers
 * that predate it (the planner then releases the limit the job names).
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
        String parentRunId,
        WorkflowRef workflow,
        String output,
        String limit) {

    public static final int SCHEMA_VERSION = 1;
    /** The most characters a handler's {@link #output()} may have: 16 KiB. */
    public static final int MAX_OUTPUT_CHARS = 16 * 1024;

    public RunResult {
        schemaVersion = schemaVersion == 0 ? SCHEMA_VERSION : schemaVersion;
        shardTotal = Math.max(1, shardTotal);
        attempt = Math.max(1, attempt);
    }

    /** A result of a run that holds no concurrency limit. */
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
            Instant emittedAt,
            String params,
            String parentRunId,
            WorkflowRef workflow,
            String output) {
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
                params,
                parentRunId,
                workflow,
                output,
                null);
    }

    /** A result of no workflow node. */
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
            Instant emittedAt,
            String params,
            String parentRunId) {
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
                params,
                parentRunId,
                null,
                null);
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
                fire.parentRunId(),
                fire.workflow(),
                null,
                fire.limit() == null ? null : fire.limit().name());
    }

    /**
     * The WAITING result of shard 0 of {@code fire}, which waits in the queue of its concurrency limit: no instance,
     * no start, no end, {@code message} naming the limit.
     */
    public static RunResult waiting(FireEvent fire, String message, Instant now) {
        RunResult unrun = ofUnrunFire(fire, RunStatus.WAITING, message, now);
        return new RunResult(
                SCHEMA_VERSION,
                unrun.runId(),
                unrun.fireId(),
                unrun.jobId(),
                unrun.app(),
                unrun.handler(),
                null,
                RunStatus.WAITING,
                unrun.kind(),
                unrun.attempt(),
                unrun.shardIndex(),
                unrun.shardTotal(),
                unrun.scheduledAt(),
                null,
                null,
                message,
                null,
                null,
                now,
                unrun.params(),
                unrun.parentRunId(),
                unrun.workflow(),
                null,
                unrun.limit());
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
                parentRunId,
                workflow,
                output,
                limit);
    }

    /** This result with {@code newOutput} as the handler's output. */
    public RunResult withOutput(String newOutput) {
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
                parentRunId,
                workflow,
                newOutput,
                limit);
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
                trigger.parentRunId(),
                trigger.workflow(),
                null,
                trigger.limit());
    }
}
