package io.carillon.planner.internal;

import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.JobRequest;
import java.time.Instant;

/**
 * RETRY requests: a retry by hand of the run named by the request's {@code parentRunId}, which must have ended
 * FAILED, TIMED_OUT, LOST, NO_WORKER or KILLED within {@link EndedRuns#retention()}. The retry fires at once, kind
 * RETRY, fire id = the request id, attempt = the run's attempt + 1 (not bounded by {@code retry.maxAttempts}: a
 * person asked; the automatic rule then goes on from that attempt), with the request's params or else the run's,
 * the run's parent run id, and for one shard of a sharded run only that shard. A run is retried once, whether
 * automatically or by hand: a run with a retry already issued is refused, so is one that is unknown. Used by one
 * stream task's thread only.
 */
final class ManualRetries {

    private final EndedRuns endedRuns;
    private final RequestIds processed;

    ManualRetries(EndedRuns endedRuns, RequestIds processed) {
        this.endedRuns = endedRuns;
        this.processed = processed;
    }

    /**
     * The timer of the retry {@code request} asks for, remembered as issued.
     *
     * @throws RejectedRecordException when the request names no run, or a run that is unknown, of another job, or
     *                                 already retried
     */
    Timer retry(JobRequest request, Instant now) {
        String runId = request.parentRunId();
        if (runId == null || runId.isBlank()) {
            throw new RejectedRecordException("parentRunId: is required for RETRY (the id of the run to retry)");
        }
        EndedRun run = endedRuns
                .find(runId, now)
                .filter(ended -> ended.jobId().equals(request.jobId()))
                .orElseThrow(() -> new RejectedRecordException("parentRunId: no run '" + runId + "' of job '"
                        + request.jobId() + "' ended " + EndedRuns.RETRYABLE + " within the last "
                        + endedRuns.retention().toDays() + " days; only such a run can be retried"));
        String retryKey =
                Results.retryKey(PlannerIds.retry(run.fireId(), run.attempt(), run.shardIndex(), run.shardTotal()));
        if (processed.seen(retryKey, now)) {
            throw new RejectedRecordException("parentRunId: run '" + runId + "' (ended " + run.status()
                    + ") was already retried, automatically or by an earlier RETRY request; retry its latest run");
        }
        processed.record(retryKey, now);
        Timer timer = new Timer(
                request.jobId(),
                request.requestId(),
                now,
                FireKind.RETRY,
                request.params() != null ? request.params() : run.params(),
                run.parentRunId(),
                run.attempt() + 1,
                null);
        return run.shardTotal() > 1 ? timer.onlyShard(run.shardIndex(), run.shardTotal()) : timer;
    }
}
