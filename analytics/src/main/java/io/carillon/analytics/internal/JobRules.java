package io.carillon.analytics.internal;

import io.carillon.topics.CalendarCache;
import io.carillon.topics.events.Incident;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.RunResult;
import java.time.Instant;
import java.util.function.Consumer;
import java.util.function.Function;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * The monitor rules of each job of one stream task, over its stores ({@link AnalyticsStores}): failed, missed,
 * overrun, slow and failure rate. The job-analytics processor hands it jobs, results, closed hours and the wall
 * clock. Not thread-safe: one stream task owns it.
 */
final class JobRules {

    private final FailedRule failed;
    private final MissedRule missed;
    private final OverrunRule overrun;
    private final SlowRule slow;
    private final FailureRateRule failureRate;

    JobRules(ProcessorContext<?, ?> context, Consumer<Incident> incidents) {
        failed = new FailedRule(context.getStateStore(AnalyticsStores.FAILED), incidents);
        ReadOnlyKeyValueStore<String, byte[]> calendars = context.getStateStore(AnalyticsStores.CALENDARS);
        missed = new MissedRule(
                context.getStateStore(AnalyticsStores.MISSED),
                context.getStateStore(AnalyticsStores.MISSED_DUE),
                incidents,
                new CalendarCache(calendars::get));
        overrun = new OverrunRule(
                context.getStateStore(AnalyticsStores.OVERRUN),
                context.getStateStore(AnalyticsStores.OVERRUN_DUE),
                incidents);
        slow = new SlowRule(
                context.getStateStore(AnalyticsStores.SLOW),
                context.getStateStore(AnalyticsStores.SLOW_HOURS),
                incidents);
        failureRate = new FailureRateRule(
                context.getStateStore(AnalyticsStores.FAILURE_RATE),
                context.getStateStore(AnalyticsStores.FAILURE_RATE_DUE),
                incidents);
    }

    /** Follows a new or changed valid definition, or the same one under changed defaults: {@code rules}. */
    void onJob(JobDefinition job, AlertRules rules, Instant now) {
        missed.onJob(job, rules, now);
        String off = " rule does not apply to the job any more";
        if (!rules.failed()) {
            failed.stop(job.id(), job.app(), "the failed" + off, now);
        }
        if (!rules.overrun()) {
            overrun.stop(job.id(), "the overrun" + off, now);
        }
        if (!rules.slow()) {
            slow.stop(job.id(), job.app(), "the slow" + off, now);
        }
        if (!rules.failureRate()) {
            failureRate.stop(job.id(), "the failure rate" + off, now);
        }
    }

    /** Stops every rule of job {@code jobId} of {@code app}, resolving open incidents because {@code why}. */
    void stop(String jobId, String app, String why, Instant now) {
        failed.stop(jobId, app, why, now);
        missed.stop(jobId, why, now);
        overrun.stop(jobId, why, now);
        slow.stop(jobId, app, why, now);
        failureRate.stop(jobId, why, now);
    }

    /** Applies {@code result} of {@code job} (null: not known) under {@code rules}, counted at {@code countedAt}. */
    void onResult(RunResult result, JobDefinition job, AlertRules rules, Instant countedAt, Instant now) {
        missed.onResult(result, now);
        overrun.onResult(result, rules, now);
        if (result.status().isTerminal()) {
            failed.onResult(result, job, rules, now);
            slow.onResult(result, rules, now);
            failureRate.onResult(result, job, rules, countedAt, now);
        }
    }

    /** Takes note of job {@code jobId}'s closed hour. */
    void onHourClosed(String jobId, Instant start, RunAggregate hour, AlertRules rules, Instant now) {
        slow.onHourClosed(jobId, start, hour, rules, now);
    }

    /**
     * The wall-clock checks: runs running too long, failure-rate windows sliding, and (when {@code judgeMissed})
     * scheduled instants due. {@code rulesOf} gives a job's rules, null when the job is not known.
     */
    void check(Instant now, Function<String, AlertRules> rulesOf, boolean judgeMissed) {
        overrun.check(now, rulesOf);
        failureRate.check(now, rulesOf);
        if (judgeMissed) {
            missed.check(now);
        }
    }
}
