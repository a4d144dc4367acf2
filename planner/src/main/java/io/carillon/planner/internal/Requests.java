package io.carillon.planner.internal;

import io.carillon.planner.PlannerSettings;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.FieldError;
import io.carillon.topics.JobValidator;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.JobRequest;
import io.carillon.topics.events.RequestType;
import io.carillon.topics.events.Schedule;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Applies a record of the {@code requests} topic, once per request id:
 * <ul>
 *   <li>RUN_NOW: one fire at now, kind MANUAL, fire id = request id, the request's params over the job's; with a
 *       {@code workflow} ref (the workflow engine's request for a node), kind WORKFLOW, the fire carrying the ref;</li>
 *   <li>RUN_AT: the same at {@code at}, kept in the timer store until it comes within the horizon;</li>
 *   <li>CHILD: one fire at now, kind CHILD, carrying the parent run id;</li>
 *   <li>BACKFILL: each instant of the job's schedule in {@code [from, to]} once, kind BACKFILL, at most
 *       {@link PlannerSettings#maxBackfillFires()} of them (a notice names the first instant left out), written by
 *       the punctuator at {@link PlannerSettings#backfillPerPunctuation()} fires per punctuation;</li>
 *   <li>PAUSE / RESUME: the job's schedule stops (its pending scheduled fires are cancelled) / restarts from now; a
 *       RESUME also ends a pause after consecutive failures ({@link FailureStreaks});</li>
 *   <li>RETRY: a retry by hand of the run named by {@code parentRunId} ({@link ManualRetries}).</li>
 * </ul>
 * Manual fires, retries and backfills work for disabled or paused jobs too.
 * Used by one stream task's thread only.
 */
final class Requests {

    private final Clock clock;
    private final PlannerSettings settings;
    private final JobStore jobs;
    private final RequestIds requestIds;
    private final Scheduler scheduler;
    private final ManualRetries manualRetries;
    private final FailureStreaks streaks;

    Requests(
            Clock clock,
            PlannerSettings settings,
            JobStore jobs,
            RequestIds requestIds,
            Scheduler scheduler,
            ManualRetries manualRetries,
            FailureStreaks streaks) {
        this.manualRetries = manualRetries;
        this.streaks = streaks;
        this.clock = clock;
        this.settings = settings;
        this.jobs = jobs;
        this.requestIds = requestIds;
        this.scheduler = scheduler;
    }

    /**
     * Applies the record; returns a notice worth a dead letter although the request was acted on (a backfill cut at
     * its cap, or one whose range holds no instant).
     *
     * @throws UnknownJobException when the request names a job the planner does not hold
     * @throws RejectedRecordException when the request is invalid or cannot be acted on
     * @throws io.carillon.topics.InvalidEventException when the value does not parse
     */
    Optional<String> apply(String topic, String key, byte[] value) {
        if (value == null) {
            throw new RejectedRecordException("value: is required; a tombstone means nothing on the requests topic");
        }
        JobRequest request = EventSerdes.REQUEST.deserialize(topic, value);
        validate(key, request);
        Instant now = clock.instant();
        if (requestIds.seen(request.requestId(), now)) {
            return Optional.empty();
        }
        JobState state = jobs.get(request.jobId());
        if (state == null) {
            throw new UnknownJobException(request.jobId());
        }
        requestIds.record(request.requestId(), now);
        if (request.type() == RequestType.BACKFILL) {
            return backfill(request, state.withoutDue(now));
        }
        jobs.put(request.jobId(), act(request, state.withoutDue(now), now));
        return Optional.empty();
    }

    private Optional<String> backfill(JobRequest request, JobState state) {
        Schedule schedule = state.job().schedule();
        Instant first = Backfills.firstAtOrAfter(schedule, request.from());
        Instant last = null;
        Instant next = first;
        int count = 0;
        while (next != null && !next.isAfter(request.to()) && count < settings.maxBackfillFires()) {
            last = next;
            count++;
            next = NextInstant.after(schedule, next);
        }
        if (last == null) {
            return Optional.of("from, to: job '" + request.jobId() + "' has no scheduled instant in [" + request.from()
                    + ", " + request.to() + "]; nothing to backfill");
        }
        Timer cursor = new Timer(
                request.jobId(), request.requestId(), first, FireKind.BACKFILL, request.params(), null, 1, last);
        jobs.put(request.jobId(), scheduler.keep(state, cursor));
        boolean cut = next != null && !next.isAfter(request.to());
        return cut
                ? Optional.of("to: a backfill makes at most " + settings.maxBackfillFires() + " fires; ["
                        + first + ", " + last + "] is backfilled, the instants from " + next + " to "
                        + request.to() + " are not")
                : Optional.empty();
    }

    private JobState act(JobRequest request, JobState state, Instant now) {
        return switch (request.type()) {
            case RUN_NOW ->
                request.workflow() == null
                        ? scheduler.fireAt(state, timer(request, now, FireKind.MANUAL), now)
                        : scheduler.fireAt(
                                state, timer(request, now, FireKind.WORKFLOW).withWorkflow(request.workflow()), now);
            case RUN_AT -> scheduler.fireAt(state, timer(request, request.at(), FireKind.MANUAL), now);
            case CHILD -> scheduler.fireAt(state, timer(request, now, FireKind.CHILD), now);
            case PAUSE -> scheduler.reconcile(state, state.withPaused(true), now);
            case RESUME -> streaks.onResume(scheduler.reconcile(state, state.withPaused(false), now), now);
            case RETRY -> scheduler.fireAt(state, manualRetries.retry(request, now), now);
            case BACKFILL -> throw new IllegalStateException("BACKFILL is applied apart");
        };
    }

    private static Timer timer(JobRequest request, Instant at, FireKind kind) {
        return Timer.of(request.jobId(), request.requestId(), at, kind, request.params(), request.parentRunId());
    }

    private static void validate(String key, JobRequest request) {
        List<FieldError> errors = JobValidator.validate(request);
        if (!errors.isEmpty()) {
            throw new RejectedRecordException(
                    errors.stream().map(FieldError::toString).collect(Collectors.joining("; ")));
        }
        if (!request.jobId().equals(key)) {
            throw new RejectedRecordException(
                    "jobId: '" + request.jobId() + "' does not match the record key '" + key + "'");
        }
    }
}
