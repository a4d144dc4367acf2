package io.carillon.console.internal.dashboard;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.carillon.console.internal.runs.RunView;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * What the dashboard shows for the caller's readable apps at {@code at}: totals, runs by status per minute over the
 * last {@code range} and per UTC day over the last {@code days} days, lateness over the range, the jobs that failed
 * most over the range, and the runs running now. Each part says where it was read: {@code STATS} (the windows the
 * analytics app wrote to {@code stats}) or {@code RUNS} (the {@code runs} table, when no stats were stored for the
 * span).
 */
record Dashboard(
        Instant at,
        Duration range,
        int days,
        Totals totals,
        Series perMinute,
        Series perDay,
        Lateness lateness,
        FailingJobs topFailingJobs,
        List<RunView> running) {

    /** Where a part of the dashboard was read. */
    public enum Source {
        STATS,
        RUNS
    }

    /** Jobs and enabled jobs, apps known from jobs or heartbeats, and their live worker instances. */
    public record Totals(long jobs, long enabledJobs, int apps, int liveWorkers) {}

    /**
     * The buckets of {@code bucketMs} milliseconds from {@code from} (inclusive) to {@code to} (exclusive) by start,
     * oldest first; a bucket with no run is left out.
     */
    public record Series(Source source, Instant from, Instant to, long bucketMs, List<Bucket> buckets) {}

    /**
     * The runs that ended in one bucket, by status, and their lateness (start minus scheduled time) percentiles.
     * From {@code STATS}, a bucket counts terminal results by finish time, and its percentiles over several windows
     * or apps are the run-weighted means of theirs; from {@code RUNS}, it counts finished runs by scheduled time, and
     * its percentiles are exact.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Bucket(Instant start, Map<String, Long> byStatus, Long latenessP50Ms, Long latenessP99Ms) {}

    /** Lateness over the whole range: how many runs had one, and their p50 and p99 (absent without any). */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Lateness(Source source, long count, Long p50Ms, Long p99Ms) {}

    /** The jobs with most failed runs (FAILED, TIMED_OUT, LOST, NO_WORKER) over the range, most first. */
    public record FailingJobs(Source source, List<FailingJob> jobs) {}

    /** A job's failed runs and all its ended runs over the range. */
    public record FailingJob(String jobId, String app, long failures, long runs) {}
}
