package io.carillon.console.internal.forecast;

import java.time.Instant;
import java.util.List;

/**
 * How many fires fall in each minute from {@code from} (a minute boundary, inclusive) to {@code to} (exclusive)
 * across the caller's readable jobs that fire by themselves, and the busiest minutes with their jobs.
 * {@code fires[i]} counts the minute {@code from + i minutes}. FIXED_DELAY jobs fire after their previous run ends,
 * which no forecast knows: they are counted in {@code unforeseeableJobs}; a job firing more often than
 * {@code maxFiresPerJob} in the span is counted up to that many, and named in {@code jobsCut}.
 */
record Forecast(
        Instant from,
        Instant to,
        long bucketMs,
        int jobs,
        long totalFires,
        List<Long> fires,
        List<Peak> peaks,
        int unforeseeableJobs,
        int maxFiresPerJob,
        List<String> jobsCut) {

    /**
     * One of the busiest minutes: its fires, how many jobs fire in it, how many of those have no jitter, and the
     * jobs with most fires in it, most first.
     */
    record Peak(Instant minute, long fires, int jobs, int jobsWithoutJitter, List<PeakJob> topJobs) {}

    /** A job's fires in one minute. */
    record PeakJob(String jobId, String app, long fires, long jitterMs) {}
}
