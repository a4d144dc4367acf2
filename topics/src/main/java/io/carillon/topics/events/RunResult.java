package io.carillon.topics.events;

import java.time.Instant;

/**
 * A record on the {@code results} topic (key: job id): one status change of one run. STARTED and PROGRESS are
 * followed by exactly one terminal status ({@link RunStatus#isTerminal()}). Times are the worker's clock, except
 * for NO_WORKER, SKIPPED and LOST, which the dispatcher or planner report.
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

    /** A result for the run {@code trigger} describes. */
    public static RunResult of(Trigger trigger, String instance, RunStatus status, Instant startedAt,
            Instant finishedAt, String message, String errorClass, Instant emittedAt) {
        return new RunResult(SCHEMA_VERSION, trigger.runId(), trigger.fireId(), trigger.jobId(), trigger.app(),
                trigger.handler(), instance, status, trigger.kind(), trigger.attempt(), trigger.shardIndex(),
                trigger.shardTotal(), trigger.scheduledAt(), startedAt, finishedAt, message, errorClass, null,
                emittedAt);
    }
}
