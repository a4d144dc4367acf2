package io.carillon.console;

import io.carillon.topics.EventSerdes;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.Percentiles;
import io.carillon.topics.events.RunStats;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.StatsScope;
import io.carillon.topics.events.StatsWindow;
import java.time.Instant;
import java.util.Map;
import org.apache.kafka.clients.producer.ProducerRecord;

/** Records of the {@code stats} topic as the analytics app writes them, for tests. */
public final class StatsRecords {

    private StatsRecords() {}

    /** The window of app {@code app} starting at {@code start}, with these runs by status and lateness (or null). */
    public static RunStats app(
            String app, StatsWindow window, Instant start, Map<RunStatus, Long> byStatus, Percentiles lateness) {
        return stats(StatsScope.APP, null, app, window, start, byStatus, lateness);
    }

    /** The window of job {@code jobId} of app {@code app} starting at {@code start}. */
    public static RunStats job(
            String jobId, String app, StatsWindow window, Instant start, Map<RunStatus, Long> byStatus) {
        return stats(StatsScope.JOB, jobId, app, window, start, byStatus, null);
    }

    /** {@code stats} as a record of topic {@code topic}, keyed as the analytics app keys it. */
    public static ProducerRecord<String, byte[]> record(String topic, RunStats stats) {
        String key = stats.scope() == StatsScope.JOB ? stats.jobId() : stats.app();
        return new ProducerRecord<>(topic, key, EventSerdes.STATS.serialize(topic, stats));
    }

    private static RunStats stats(
            StatsScope scope,
            String jobId,
            String app,
            StatsWindow window,
            Instant start,
            Map<RunStatus, Long> byStatus,
            Percentiles lateness) {
        long runs = byStatus.values().stream().mapToLong(Long::longValue).sum();
        return new RunStats(
                RunStats.SCHEMA_VERSION,
                scope,
                jobId,
                app,
                window,
                start,
                start.plus(window.length()),
                runs,
                byStatus,
                Map.of(FireKind.SCHEDULED, runs),
                0,
                0,
                null,
                lateness,
                start.plus(window.length()));
    }
}
