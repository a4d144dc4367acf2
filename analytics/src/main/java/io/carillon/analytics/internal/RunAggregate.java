package io.carillon.analytics.internal;

import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.Percentiles;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStats;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.StatsScope;
import io.carillon.topics.events.StatsWindow;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumMap;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * The statistics of the runs of one window of one job or app: counts by status and kind, retries, late results, and
 * duration and lateness sketches.
 *
 * <p>The sketch is an HdrHistogram ({@code org.hdrhistogram:HdrHistogram}) with two significant digits (values within
 * 1 %), auto-resizing, so one sketch takes milliseconds to days. Why HdrHistogram and not DDSketch: both are mergeable
 * (a job's minute merges into its hour, and all jobs' minutes into their app's minute, with no loss beyond the
 * sketch's own precision), but only HdrHistogram is available from our registry, it is what Micrometer already uses,
 * and its V2 encoding (zig-zag LEB128 with runs of zeros folded) keeps a sparse window to tens of bytes uncompressed.
 * What it costs: it holds no negative values, so a lateness below zero (a worker's clock behind) is recorded as zero;
 * and a histogram's counts array grows with its largest value (about 23 KB in memory for an hour), which is why
 * sketches are built only for windows that have values.
 *
 * <p>Not thread-safe: one stream thread owns it.
 */
final class RunAggregate {

    static final int SIGNIFICANT_DIGITS = 2;

    private static final double P50 = 50;
    private static final double P90 = 90;
    private static final double P99 = 99;

    String app;
    long runs;
    long retries;
    long lateResults;
    final Map<RunStatus, Long> byStatus = new EnumMap<>(RunStatus.class);
    final Map<FireKind, Long> byKind = new EnumMap<>(FireKind.class);
    Histogram durations;
    long maxDuration;
    Histogram lateness;
    long maxLateness;

    /** The aggregate of one terminal result. */
    static RunAggregate of(RunResult result) {
        RunAggregate aggregate = new RunAggregate();
        aggregate.app = result.app();
        aggregate.runs = 1;
        aggregate.retries = result.attempt() > 1 ? 1 : 0;
        aggregate.byStatus.put(result.status(), 1L);
        if (result.kind() != null) {
            aggregate.byKind.put(result.kind(), 1L);
        }
        if (result.startedAt() != null && result.finishedAt() != null) {
            aggregate.recordDuration(millisBetween(result.startedAt(), result.finishedAt()));
        }
        if (result.startedAt() != null && result.scheduledAt() != null) {
            aggregate.recordLateness(millisBetween(result.scheduledAt(), result.startedAt()));
        }
        return aggregate;
    }

    /** Counts every run of this aggregate as late too: it arrived after its own window had closed. */
    RunAggregate markLate() {
        lateResults = runs;
        return this;
    }

    /** Adds {@code other}'s runs and sketches to this one. */
    void merge(RunAggregate other) {
        if (app == null) {
            app = other.app;
        }
        runs += other.runs;
        retries += other.retries;
        lateResults += other.lateResults;
        other.byStatus.forEach((status, count) -> byStatus.merge(status, count, Long::sum));
        other.byKind.forEach((kind, count) -> byKind.merge(kind, count, Long::sum));
        if (other.durations != null) {
            durations = mergeInto(durations, other.durations);
            maxDuration = Math.max(maxDuration, other.maxDuration);
        }
        if (other.lateness != null) {
            lateness = mergeInto(lateness, other.lateness);
            maxLateness = Math.max(maxLateness, other.maxLateness);
        }
    }

    /** The stats record of this aggregate as the window {@code window} starting at {@code start}. */
    RunStats toStats(StatsScope scope, String key, StatsWindow window, Instant start, Instant now) {
        return new RunStats(
                RunStats.SCHEMA_VERSION,
                scope,
                scope == StatsScope.JOB ? key : null,
                scope == StatsScope.APP ? key : app,
                window,
                start,
                start.plus(window.length()),
                runs,
                byStatus,
                byKind,
                retries,
                lateResults,
                percentiles(durations, maxDuration),
                percentiles(lateness, maxLateness),
                now);
    }

    private void recordDuration(long millis) {
        durations = newIfAbsent(durations);
        durations.recordValue(millis);
        maxDuration = Math.max(maxDuration, millis);
    }

    private void recordLateness(long millis) {
        lateness = newIfAbsent(lateness);
        lateness.recordValue(millis);
        maxLateness = Math.max(maxLateness, millis);
    }

    private static Percentiles percentiles(Histogram histogram, long max) {
        if (histogram == null || histogram.getTotalCount() == 0) {
            return null;
        }
        return new Percentiles(
                histogram.getTotalCount(),
                at(histogram, P50, max),
                at(histogram, P90, max),
                at(histogram, P99, max),
                max);
    }

    private static long at(Histogram histogram, double percentile, long max) {
        return Math.min(histogram.getValueAtPercentile(percentile), max);
    }

    private static Histogram mergeInto(Histogram target, Histogram source) {
        Histogram merged = newIfAbsent(target);
        merged.add(source);
        return merged;
    }

    static Histogram newIfAbsent(Histogram histogram) {
        return histogram != null ? histogram : new Histogram(SIGNIFICANT_DIGITS);
    }

    private static long millisBetween(Instant from, Instant to) {
        return Math.max(0, Duration.between(from, to).toMillis());
    }
}
