package io.carillon.planner.internal;

import io.carillon.topics.EventSerdes;
import io.carillon.topics.FieldError;
import io.carillon.topics.JobValidator;
import io.carillon.topics.events.JobDefinition;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Applies a record of the {@code jobs} topic: a new or changed definition is stored and (re)planned, a tombstone
 * removes the job and cancels its fires not yet due. A record that is not a valid definition of the job named by
 * its key is rejected. Used by one stream task's thread only.
 */
final class JobUpdates {

    private final Clock clock;
    private final JobStore jobs;
    private final Scheduler scheduler;
    private final FailureStreaks streaks;

    JobUpdates(Clock clock, JobStore jobs, Scheduler scheduler, FailureStreaks streaks) {
        this.streaks = streaks;
        this.clock = clock;
        this.jobs = jobs;
        this.scheduler = scheduler;
    }

    /**
     * Applies the record.
     *
     * @throws RejectedRecordException when the record is not a valid job definition for its key
     * @throws io.carillon.topics.InvalidEventException when the value does not parse
     */
    void apply(String topic, String key, byte[] value) {
        if (key == null) {
            throw new RejectedRecordException("key: is required (the job id)");
        }
        Instant now = clock.instant();
        if (value == null) {
            delete(key, now);
            return;
        }
        JobDefinition job = EventSerdes.JOB.deserialize(topic, value);
        validate(key, job);
        JobState before = jobs.get(key);
        if (before != null && before.job().equals(job)) {
            return;
        }
        if (before != null && job.version() < before.job().version()) {
            throw new RejectedRecordException("version: " + job.version() + " is older than the version "
                    + before.job().version() + " the planner already has");
        }
        JobState current =
                before == null ? JobState.of(job) : before.withoutDue(now).withJob(job);
        jobs.put(key, scheduler.reconcile(before, current, now), value);
    }

    private void delete(String key, Instant now) {
        JobState state = jobs.get(key);
        if (state != null) {
            scheduler.remove(state.withoutDue(now), now);
            streaks.onDelete(state, now);
            jobs.delete(key);
        }
    }

    private static void validate(String key, JobDefinition job) {
        List<FieldError> errors = JobValidator.validate(job);
        if (!errors.isEmpty()) {
            throw new RejectedRecordException(
                    errors.stream().map(FieldError::toString).collect(Collectors.joining("; ")));
        }
        if (!key.equals(job.id())) {
            throw new RejectedRecordException("id: '" + job.id() + "' does not match the record key '" + key + "'");
        }
    }
}
