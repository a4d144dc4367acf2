package io.carillon.analytics;

import io.carillon.topics.events.Alerting;
import io.carillon.topics.events.FireIds;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.RetryPolicy;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.Schedule;
import java.time.Instant;

/** Jobs and results for the analytics tests. */
final class TestRuns {

    static final String APP = "billing";

    private TestRuns() {}

    static JobDefinition job(String id, Schedule schedule) {
        return JobDefinition.builder(id)
                .app(APP)
                .handler("run")
                .schedule(schedule)
                .build();
    }

    static JobDefinition job(String id, Schedule schedule, Alerting alerting) {
        return job(id, schedule).toBuilder().alerting(alerting).build();
    }

    /** Only the overrun rule set: on, with {@code maxRuntimeMs}. */
    static Alerting overrun(long maxRuntimeMs) {
        return new Alerting(
                null, null, null, null, null, null, null, true, maxRuntimeMs, null, null, null, null, null, null);
    }

    /** Only the slow rule set: on, with {@code factor}. */
    static Alerting slow(double factor) {
        return new Alerting(null, null, null, null, null, null, null, null, null, true, factor, null, null, null, null);
    }

    /** Only the failure rate rule set: on, more than {@code percent} % of at least {@code minRuns} over the window. */
    static Alerting failureRate(int percent, long windowMs, int minRuns) {
        return new Alerting(
                null, null, null, null, null, null, null, null, null, null, null, true, percent, windowMs, minRuns);
    }

    static JobDefinition withRetries(JobDefinition job, int maxAttempts) {
        return job.toBuilder().retry(new RetryPolicy(maxAttempts, 1_000, 1, 0)).build();
    }

    /** A terminal result of the scheduled fire of {@code jobId} at {@code scheduledAt}. */
    static RunResult ended(String jobId, Instant scheduledAt, RunStatus status, Instant startedAt, Instant finishedAt) {
        return result(
                jobId,
                FireIds.scheduled(jobId, scheduledAt),
                FireKind.SCHEDULED,
                1,
                status,
                scheduledAt,
                startedAt,
                finishedAt);
    }

    /** The STARTED result of the scheduled fire of {@code jobId} at {@code scheduledAt}. */
    static RunResult started(String jobId, Instant scheduledAt, Instant startedAt) {
        return result(
                jobId,
                FireIds.scheduled(jobId, scheduledAt),
                FireKind.SCHEDULED,
                1,
                RunStatus.STARTED,
                scheduledAt,
                startedAt,
                null);
    }

    static RunResult result(
            String jobId,
            String fireId,
            FireKind kind,
            int attempt,
            RunStatus status,
            Instant scheduledAt,
            Instant startedAt,
            Instant finishedAt) {
        return new RunResult(
                RunResult.SCHEMA_VERSION,
                FireIds.runId(fireId, 0),
                fireId,
                jobId,
                APP,
                "run",
                status == RunStatus.NO_WORKER ? null : "w-1",
                status,
                kind,
                attempt,
                0,
                1,
                scheduledAt,
                startedAt,
                finishedAt,
                status.isTerminal() && status != RunStatus.SUCCEEDED ? "boom" : null,
                null,
                null,
                finishedAt != null ? finishedAt : startedAt);
    }
}
