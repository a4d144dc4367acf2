package io.carillon.console.internal.runs;

import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import java.time.Instant;
import java.util.Objects;

/**
 * The change a sequence of results of one run makes to its {@code runs} row, as the values of one upsert (see
 * {@link RunChanges#fold}). Column values only: {@code message} is the result's message or else its progress message,
 * {@code concurrencyLimit} the limit the result names, {@code waitingSince} the emission time of a WAITING result.
 *
 * @param forced whether the status columns replace those of a stored row of the same non-terminal status even when
 *        message and progress are the same (the folded results changed them and came back to the stored values)
 */
record RunChange(
        String runId,
        String fireId,
        String jobId,
        String app,
        String handler,
        String kind,
        int attempt,
        int shardIndex,
        int shardTotal,
        RunStatus status,
        String instance,
        Instant scheduledAt,
        Instant startedAt,
        Instant finishedAt,
        String message,
        String errorClass,
        Long progressDone,
        Long progressTotal,
        String concurrencyLimit,
        Instant waitingSince,
        boolean forced) {

    RunChange {
        Objects.requireNonNull(runId, "runId");
        Objects.requireNonNull(jobId, "jobId");
        Objects.requireNonNull(status, "status");
    }

    /** The change of {@code result} alone. */
    static RunChange of(RunResult result) {
        return new RunChange(
                result.runId(),
                result.fireId(),
                result.jobId(),
                result.app(),
                result.handler(),
                result.kind() == null ? null : result.kind().name(),
                result.attempt(),
                result.shardIndex(),
                result.shardTotal(),
                result.status(),
                result.instance(),
                result.scheduledAt(),
                result.startedAt(),
                result.finishedAt(),
                messageOf(result),
                result.errorClass(),
                result.progress() == null ? null : result.progress().done(),
                result.progress() == null ? null : result.progress().total(),
                result.limit(),
                result.status() == RunStatus.WAITING ? result.emittedAt() : null,
                false);
    }

    private static String messageOf(RunResult result) {
        if (result.message() == null && result.progress() != null) {
            return result.progress().message();
        }
        return result.message();
    }
}
