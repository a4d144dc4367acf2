package io.carillon.planner.internal;

import io.carillon.topics.EventSerdes;
import io.carillon.topics.events.ClaimBatch;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.JobRequest;
import io.carillon.topics.events.LimitCommand;
import io.carillon.topics.events.RequestType;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.WorkflowCommand;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Applies a record of the {@code results} topic, or a {@link ClaimBatch} of the {@code claims} topic. A STARTED result
 * opens the run ({@link OpenRuns}), and so does each claim of a batch (a STARTED without {@code startedAt}: a claim
 * that workers before {@code claims} wrote to {@code results} is read there as before); a terminal result closes
 * it; for a terminal result of a job the planner holds:
 * <ul>
 *   <li>the retry rule ({@link Retries}); the retry's fire id is remembered, so a replayed result schedules
 *       nothing twice;</li>
 *   <li>on SUCCEEDED, each child job gets a CHILD request on {@code requests} (request id and so fire id
 *       {@link PlannerIds#child}, carrying the parent run id; the child's task dedupes it by request id), unless a
 *       retry of the run was already issued: a late SUCCEEDED after the planner closed the run TIMED_OUT or LOST
 *       and retried it (the retry's run triggers the children when it succeeds);</li>
 *   <li>a run that ended FAILED, TIMED_OUT, LOST, NO_WORKER or KILLED is kept for RETRY requests
 *       ({@link EndedRuns});</li>
 *   <li>a FIXED_DELAY job plans its next instant from the run's end ({@link Scheduler#afterRun});</li>
 *   <li>the job's consecutive final failures are counted, and the job paused at its limit ({@link FailureStreaks});</li>
 *   <li>for a run that holds a concurrency limit (the limit the result names, or else the job's), a RELEASE of the
 *       run's fire goes to {@code limit.commands} (keyed by the limit's name), which frees its slot in the limiter,
 *       also when the job was deleted meanwhile; reading the result again releases nothing twice.</li>
 *   <li>the run of a workflow node ({@link RunResult#workflow()} set) that no retry follows (none due by the
 *       rule, none issued before, or its job is gone) is reported to the workflow engine: a NODE_ENDED
 *       {@link WorkflowCommand} on {@code workflow.commands}, in the same transaction. A result read again (the
 *       planner's own LOST or TIMED_OUT read back) may report it again; the engine applies the first.</li>
 * </ul>
 * A result of a job the planner does not have (deleted) is ignored: it is not a bad record. A result that changes
 * nothing but the pruning of due pending fires (the common case) does not rewrite the job's state: every reader
 * prunes them itself ({@link JobState#withoutDue}). Used by one stream task's thread only.
 */
final class Results {

    /** Prefix of the retry fire ids kept in the processed-id store, apart from request ids. */
    static final String RETRY_KEY_PREFIX = "retry:";

    static final String REQUESTED_BY = "planner";

    private final Clock clock;
    private final JobStore jobs;
    private final RequestIds processed;
    private final Scheduler scheduler;
    private final Output output;
    private final OpenRuns openRuns;
    private final EndedRuns endedRuns;
    private final FailureStreaks streaks;

    Results(
            Clock clock,
            JobStore jobs,
            RequestIds processed,
            Scheduler scheduler,
            Output output,
            OpenRuns openRuns,
            EndedRuns endedRuns,
            FailureStreaks streaks) {
        this.streaks = streaks;
        this.openRuns = openRuns;
        this.endedRuns = endedRuns;
        this.clock = clock;
        this.jobs = jobs;
        this.processed = processed;
        this.scheduler = scheduler;
        this.output = output;
    }

    /**
     * Applies the record.
     *
     * @throws RejectedRecordException when the result lacks a required field or its key is not its job id
     * @throws io.carillon.topics.InvalidEventException when the value does not parse
     */
    void apply(String topic, String key, byte[] value) {
        if (value == null) {
            throw new RejectedRecordException("value: is required; a tombstone means nothing on the results topic");
        }
        RunResult result = EventSerdes.RESULT.deserialize(topic, value);
        validate(key, result);
        Instant now = clock.instant();
        if (result.status().isTerminal()) {
            openRuns.ended(result, now);
            onTerminal(result, now);
        } else if (result.status() == RunStatus.STARTED) {
            started(result, value, now);
        }
    }

    /**
     * Applies a record of {@code claims}: each claim of the batch opens its run as a claim read from {@code results}
     * does. A batch with an invalid claim is rejected whole, none of its claims applied. {@code writtenAt} is the
     * record's timestamp (the worker's clock).
     *
     * @throws RejectedRecordException when the batch is empty, its key is not its first claim's job id, or a claim
     *     lacks a required field or is not a claim (a STARTED without {@code startedAt})
     * @throws io.carillon.topics.InvalidEventException when the value does not parse
     */
    void applyClaims(String topic, String key, byte[] value, Instant writtenAt) {
        if (value == null) {
            throw new RejectedRecordException("value: is required; a tombstone means nothing on the claims topic");
        }
        ClaimBatch batch = EventSerdes.CLAIM_BATCH.deserialize(topic, value);
        if (batch.claims().isEmpty()) {
            throw new RejectedRecordException("claims: is required and must not be empty");
        }
        for (int i = 0; i < batch.claims().size(); i++) {
            RunResult claim = batch.claims().get(i);
            validate(i == 0 ? key : claim.jobId(), claim);
            if (!ClaimBatch.isClaim(claim)) {
                throw new RejectedRecordException("claims[" + i + "]: run " + claim.runId()
                        + " is not a claim (a STARTED without startedAt) but " + claim.status());
            }
        }
        List<JobDefinition> claimedJobs = new ArrayList<>(batch.claims().size());
        for (RunResult claim : batch.claims()) {
            JobState state = jobs.get(claim.jobId());
            claimedJobs.add(state == null ? null : state.job());
        }
        openRuns.claimed(batch, value, claimedJobs, clock.instant(), writtenAt);
    }

    private void started(RunResult result, byte[] json, Instant now) {
        JobState state = jobs.get(result.jobId());
        if (state != null) {
            openRuns.started(state.job(), result, json, now);
        }
    }

    /**
     * Writes to {@code results} a TIMED_OUT or LOST result for each open run that will not end by itself
     * ({@link OpenRuns}) and applies it like a result read from the topic; reading it back later does nothing twice.
     */
    void closeExpiredRuns(Instant now) {
        for (RunResult result : openRuns.closeExpired(now)) {
            output.result(result);
            onTerminal(result, now);
        }
    }

    /** Whether no run is open, so no verdict can be due. */
    boolean noOpenRuns() {
        return openRuns.isEmpty();
    }

    private void onTerminal(RunResult result, Instant now) {
        JobState state = jobs.get(result.jobId());
        releaseLimit(state == null ? null : state.job(), result, now);
        if (state == null) {
            reportNodeEnd(result, now);
            return;
        }
        endedRuns.remember(result, now);
        JobState current = retry(state, result, now);
        if (!retried(result, now)) {
            reportNodeEnd(result, now);
        }
        if (result.status() == RunStatus.SUCCEEDED && !current.job().children().isEmpty() && !retried(result, now)) {
            current.job().children().forEach(child -> output.request(childRequest(child, result, now)));
        }
        JobState after = streaks.onTerminal(scheduler.afterRun(current, result, now), result, now);
        if (after != state) {
            jobs.put(result.jobId(), after.withoutDue(now));
        }
    }

    /**
     * The run of a limit ended: its slot (or its place in the queue) is given up. The limit is the one the run
     * names ({@link RunResult#limit()}), so a job that changed its limit or was deleted while the run held a slot
     * still frees that slot; a result that names none (a worker that predates the field) frees the limit its job
     * ({@code job}, null when deleted) names.
     */
    private void releaseLimit(JobDefinition job, RunResult result, Instant now) {
        String limit = result.limit() != null
                ? result.limit()
                : job != null && job.concurrency() != null ? job.concurrency().limit() : null;
        if (limit != null) {
            output.limitCommand(LimitCommand.release(limit, result.fireId(), result.jobId(), REQUESTED_BY, now));
        }
    }

    private void reportNodeEnd(RunResult result, Instant now) {
        if (result.workflow() != null) {
            output.workflowCommand(WorkflowCommand.nodeEnded(result, REQUESTED_BY, now));
        }
    }

    private JobState retry(JobState state, RunResult result, Instant now) {
        return Retries.of(state.job(), result, now)
                .filter(timer -> !processed.seen(retryKey(timer.fireId()), now))
                .map(timer -> {
                    processed.record(retryKey(timer.fireId()), now);
                    return scheduler.fireAt(state, timer, now);
                })
                .orElse(state);
    }

    /** Whether a retry of {@code result}'s run was issued, by the retry rule (on the planner's verdict) or by hand. */
    private boolean retried(RunResult result, Instant now) {
        return processed.seen(retryKey(PlannerIds.retry(result)), now);
    }

    /** The key in the processed-id store that says the retry {@code retryFireId} of a run was issued. */
    static String retryKey(String retryFireId) {
        return RETRY_KEY_PREFIX + retryFireId;
    }

    private static JobRequest childRequest(String child, RunResult parent, Instant now) {
        return new JobRequest(
                JobRequest.SCHEMA_VERSION,
                PlannerIds.child(parent.runId(), child),
                child,
                RequestType.CHILD,
                null,
                null,
                null,
                null,
                parent.runId(),
                REQUESTED_BY,
                now);
    }

    private static void validate(String key, RunResult result) {
        List<String> errors = new ArrayList<>();
        require(errors, "runId", result.runId());
        require(errors, "fireId", result.fireId());
        require(errors, "jobId", result.jobId());
        require(errors, "status", result.status());
        if (!errors.isEmpty()) {
            throw new RejectedRecordException(String.join("; ", errors));
        }
        if (!result.jobId().equals(key)) {
            throw new RejectedRecordException(
                    "jobId: '" + result.jobId() + "' does not match the record key '" + key + "'");
        }
    }

    private static void require(List<String> errors, String field, Object value) {
        if (value == null || value instanceof String text && text.isBlank()) {
            errors.add(field + ": is required");
        }
    }
}
