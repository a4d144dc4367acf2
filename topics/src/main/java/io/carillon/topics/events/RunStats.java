package io.carillon.topics.events;

import java.time.Instant;
import java.util.Map;

/**
 * A closed window of run statistics on the {@code stats} topic (key: the job id for {@link StatsScope#JOB}, the app
 * for {@link StatsScope#APP}). Written once, after the window closed; the analytics app never writes the same window
 * of the same job or app twice.
 *
 * <p>A run counts in the window its terminal result's {@code finishedAt} falls in; a result that arrives after
 * that window closed counts in the window open when it arrives, and in {@code lateResults} there. {@code runs} counts
 * terminal results, split by status and by fire kind; {@code retries} those of attempt 2 and later.
 * {@code durationMs} is {@code finishedAt - startedAt} of the runs that started; {@code latenessMs} is
 * {@code startedAt - scheduledAt} (zero when a worker's clock put the start before the instant); null when no run
 * had one.
 */
public record RunStats(
        int schemaVersion,
        StatsScope scope,
        String jobId,
        String app,
        StatsWindow window,
        Instant windowStart,
        Instant windowEnd,
        long runs,
        Map<RunStatus, Long> byStatus,
        Map<FireKind, Long> byKind,
        long retries,
        long lateResults,
        Percentiles durationMs,
        Percentiles latenessMs,
        Instant emittedAt) {

    public static final int SCHEMA_VERSION = 1;

    public RunStats {
        schemaVersion = schemaVersion == 0 ? SCHEMA_VERSION : schemaVersion;
        byStatus = byStatus == null ? Map.of() : Map.copyOf(byStatus);
        byKind = byKind == null ? Map.of() : Map.copyOf(byKind);
    }
}
