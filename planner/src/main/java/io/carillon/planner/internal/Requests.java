package io.carillon.planner.internal;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.stream.Collectors;

import org.apache.kafka.streams.state.KeyValueStore;

import io.carillon.topics.EventSerdes;
import io.carillon.topics.FieldError;
import io.carillon.topics.JobValidator;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.JobRequest;

/**
 * Applies a record of the {@code requests} topic, once per request id:
 * <ul>
 *   <li>RUN_NOW: one fire at now, kind MANUAL, fire id = request id, the request's params over the job's;</li>
 *   <li>RUN_AT: the same at {@code at}, kept in the timer store until it comes within the horizon;</li>
 *   <li>CHILD: one fire at now, kind CHILD, carrying the parent run id;</li>
 *   <li>PAUSE / RESUME: the job's schedule stops (its pending scheduled fires are cancelled) / restarts from now.</li>
 * </ul>
 * BACKFILL and RETRY are rejected as not supported yet. Manual fires work for disabled or paused jobs too.
 * Used by one stream task's thread only.
 */
final class Requests {

    private final Clock clock;
    private final KeyValueStore<String, JobState> jobs;
    private final RequestIds requestIds;
    private final Scheduler scheduler;

    Requests(Clock clock, KeyValueStore<String, JobState> jobs, RequestIds requestIds, Scheduler scheduler) {
        this.clock = clock;
        this.jobs = jobs;
        this.requestIds = requestIds;
        this.scheduler = scheduler;
    }

    /**
     * Applies the record.
     *
     * @throws RejectedRecordException when the request is invalid, not supported, or names an unknown job
     * @throws io.carillon.topics.InvalidEventException when the value does not parse
     */
    void apply(String topic, String key, byte[] value) {
        if (value == null) {
            throw new RejectedRecordException("value: is required; a tombstone means nothing on the requests topic");
        }
        JobRequest request = EventSerdes.REQUEST.deserialize(topic, value);
        validate(key, request);
        Instant now = clock.instant();
        if (requestIds.seen(request.requestId(), now)) {
            return;
        }
        JobState state = jobs.get(request.jobId());
        if (state == null) {
            throw new RejectedRecordException("jobId: unknown job '" + request.jobId() + "'");
        }
        jobs.put(request.jobId(), act(request, state.withoutDue(now), now));
        requestIds.record(request.requestId(), now);
    }

    private JobState act(JobRequest request, JobState state, Instant now) {
        return switch (request.type()) {
            case RUN_NOW -> scheduler.fireAt(state, timer(request, now, FireKind.MANUAL), now);
            case RUN_AT -> scheduler.fireAt(state, timer(request, request.at(), FireKind.MANUAL), now);
            case CHILD -> scheduler.fireAt(state, timer(request, now, FireKind.CHILD), now);
            case PAUSE -> scheduler.reconcile(state, state.withPaused(true), now);
            case RESUME -> scheduler.reconcile(state, state.withPaused(false), now);
            case BACKFILL, RETRY -> throw unsupported(request);
        };
    }

    private static Timer timer(JobRequest request, Instant at, FireKind kind) {
        return new Timer(request.jobId(), request.requestId(), at, kind, request.params(), request.parentRunId());
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
        switch (request.type()) {
            case BACKFILL, RETRY -> throw unsupported(request);
            default -> { }
        }
    }

    private static RejectedRecordException unsupported(JobRequest request) {
        return new RejectedRecordException("type: " + request.type() + " is not supported yet");
    }
}
