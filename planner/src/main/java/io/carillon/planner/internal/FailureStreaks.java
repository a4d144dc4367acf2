package io.carillon.planner.internal;

import io.carillon.topics.events.Incident;
import io.carillon.topics.events.IncidentAction;
import io.carillon.topics.events.IncidentRule;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import java.time.Instant;
import java.util.EnumSet;
import java.util.Set;

/**
 * The rule of {@link JobDefinition#pauseAfterFailures()}: a fire whose run ended FAILED, TIMED_OUT, LOST or
 * NO_WORKER with no retry to follow (its last attempt) adds one to the job's {@link FailureStreak}, once per fire id
 * (a result read twice, or several shards of one fire, count once); SUCCEEDED sets it back to 0; KILLED and SKIPPED
 * leave it. When the count reaches the limit while the job is active, the job is paused as a PAUSE request pauses it
 * (its pending scheduled fires are cancelled) and a PAUSED incident opens on {@code alerts} (id
 * {@code paused:<job>:<fire id>}, its message the reason the console shows); the count starts again from 0. A RESUME
 * resolves that incident and sets the count back to 0; deleting the job resolves it too. A job that is paused or
 * disabled when its count reaches the limit is not paused again; its count goes on. Jobs without the option cost
 * nothing here. Used by one stream task's thread only.
 */
final class FailureStreaks {

    /** Prefix of the fire ids counted, kept in the processed-id store apart from request ids. */
    static final String KEY_PREFIX = "streak:";

    private static final Set<RunStatus> FAILURES =
            EnumSet.of(RunStatus.FAILED, RunStatus.TIMED_OUT, RunStatus.LOST, RunStatus.NO_WORKER);

    private final RequestIds processed;
    private final Scheduler scheduler;
    private final Output output;

    FailureStreaks(RequestIds processed, Scheduler scheduler, Output output) {
        this.processed = processed;
        this.scheduler = scheduler;
        this.output = output;
    }

    /** The job's state after the terminal {@code result} of one of its runs. */
    JobState onTerminal(JobState state, RunResult result, Instant now) {
        JobDefinition job = state.job();
        Integer limit = job.pauseAfterFailures();
        if (limit == null) {
            return state;
        }
        if (result.status() == RunStatus.SUCCEEDED) {
            FailureStreak reset = state.failures().reset();
            return reset == state.failures() ? state : state.withFailures(reset);
        }
        if (!FAILURES.contains(result.status())
                || Retries.of(job, result, now).isPresent()
                || processed.seen(KEY_PREFIX + result.fireId(), now)) {
            return state;
        }
        processed.record(KEY_PREFIX + result.fireId(), now);
        FailureStreak failures = state.failures().plusOne();
        if (failures.count() < limit || !state.active()) {
            return state.withFailures(failures);
        }
        String incidentId = "paused:" + job.id() + ":" + result.fireId();
        String reason = "paused after " + failures.count() + " consecutive failures; the last, run " + result.runId()
                + ", ended " + result.status();
        output.incident(
                step(job, incidentId, IncidentAction.OPENED, now, now, failures.count(), result.fireId(), reason));
        return scheduler
                .reconcile(state, state.withPaused(true), now)
                .withFailures(new FailureStreak(0, incidentId, now));
    }

    /** The job's state after a RESUME request: the PAUSED incident, if any, resolves and the count restarts. */
    JobState onResume(JobState state, Instant now) {
        FailureStreak failures = state.failures();
        resolve(state, "resumed", now);
        return failures.equals(FailureStreak.NONE) ? state : state.withFailures(FailureStreak.NONE);
    }

    /** The job is deleted: its PAUSED incident, if any, resolves. */
    void onDelete(JobState state, Instant now) {
        resolve(state, "job deleted", now);
    }

    private void resolve(JobState state, String why, Instant now) {
        FailureStreak failures = state.failures();
        if (failures.pausedByPlanner()) {
            output.incident(step(
                    state.job(),
                    failures.incidentId(),
                    IncidentAction.RESOLVED,
                    failures.pausedAt(),
                    now,
                    0,
                    null,
                    why));
        }
    }

    private static Incident step(
            JobDefinition job,
            String incidentId,
            IncidentAction action,
            Instant openedAt,
            Instant at,
            int count,
            String fireId,
            String message) {
        return new Incident(
                Incident.SCHEMA_VERSION,
                incidentId,
                action,
                IncidentRule.PAUSED,
                job.app(),
                job.id(),
                openedAt,
                at,
                count,
                fireId,
                message);
    }
}
