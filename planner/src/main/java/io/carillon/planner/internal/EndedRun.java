package io.carillon.planner.internal;

import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import java.time.Instant;

/**
 * What the planner keeps of a run that ended in a status a RETRY request may retry ({@link EndedRuns}): enough to
 * build the retry's fire (its fire id, attempt, shard, params and parent run). Immutable.
 */
public record EndedRun(
        String runId,
        String fireId,
        String jobId,
        RunStatus status,
        FireKind kind,
        int attempt,
        int shardIndex,
        int shardTotal,
        String params,
        String parentRunId,
        Instant endedAt) {

    static EndedRun of(RunResult result, Instant now) {
        return new EndedRun(
                result.runId(),
                result.fireId(),
                result.jobId(),
                result.status(),
                result.kind(),
                result.attempt(),
                result.shardIndex(),
                result.shardTotal(),
                result.params(),
                result.parentRunId(),
                now);
    }
}
