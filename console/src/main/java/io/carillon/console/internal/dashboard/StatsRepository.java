package io.carillon.console.internal.dashboard;

import static io.carillon.console.internal.support.SqlTimes.parameter;

import io.carillon.topics.Json;
import io.carillon.topics.events.RunStats;
import io.carillon.topics.events.StatsScope;
import io.carillon.topics.events.StatsWindow;
import java.time.Instant;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * Writes the {@code run_stats} table: {@link #store} upserts one row per window of one job or app (a replay writes
 * the same values again), {@link #prune} deletes windows past their retention. Callers run {@link #store} in their own
 * transaction; each prune statement is a transaction of its own. Thread-safe.
 */
@Repository
class StatsRepository {

    private final JdbcClient jdbc;

    StatsRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    void store(List<RunStats> windows, Instant now) {
        for (RunStats stats : windows) {
            jdbc.sql("INSERT INTO run_stats AS s (window_length, scope, subject, window_start, window_end, app, job_id,"
                            + " runs, by_status, by_kind, retries, late_results, duration_ms, lateness_ms, emitted_at,"
                            + " stored_at) VALUES (:window, :scope, :subject, :start, :end, :app, :jobId, :runs,"
                            + " CAST(:byStatus AS jsonb), CAST(:byKind AS jsonb), :retries, :lateResults,"
                            + " CAST(:duration AS jsonb), CAST(:lateness AS jsonb), :emittedAt, :now)"
                            + " ON CONFLICT (window_length, scope, subject, window_start) DO UPDATE SET"
                            + " window_end = EXCLUDED.window_end, app = EXCLUDED.app, job_id = EXCLUDED.job_id,"
                            + " runs = EXCLUDED.runs, by_status = EXCLUDED.by_status, by_kind = EXCLUDED.by_kind,"
                            + " retries = EXCLUDED.retries, late_results = EXCLUDED.late_results,"
                            + " duration_ms = EXCLUDED.duration_ms, lateness_ms = EXCLUDED.lateness_ms,"
                            + " emitted_at = EXCLUDED.emitted_at, stored_at = EXCLUDED.stored_at")
                    .param("window", stats.window().name())
                    .param("scope", stats.scope().name())
                    .param("subject", stats.scope() == StatsScope.JOB ? stats.jobId() : stats.app())
                    .param("start", parameter(stats.windowStart()))
                    .param("end", parameter(stats.windowEnd()))
                    .param("app", stats.app())
                    .param("jobId", stats.jobId())
                    .param("runs", stats.runs())
                    .param("byStatus", json(stats.byStatus()))
                    .param("byKind", json(stats.byKind()))
                    .param("retries", stats.retries())
                    .param("lateResults", stats.lateResults())
                    .param("duration", stats.durationMs() == null ? null : json(stats.durationMs()))
                    .param("lateness", stats.latenessMs() == null ? null : json(stats.latenessMs()))
                    .param("emittedAt", parameter(stats.emittedAt()))
                    .param("now", parameter(now))
                    .update();
        }
    }

    /**
     * Deletes at most {@code limit} windows of length {@code window} that started before {@code before}, oldest
     * first.
     *
     * @return how many were deleted
     */
    int prune(StatsWindow window, Instant before, int limit) {
        return jdbc.sql("DELETE FROM run_stats WHERE ctid IN (SELECT ctid FROM run_stats WHERE window_length = :window"
                        + " AND window_start < :before ORDER BY window_start LIMIT :limit)")
                .param("window", window.name())
                .param("before", parameter(before))
                .param("limit", limit)
                .update();
    }

    private static String json(Object value) {
        return Json.mapper().writeValueAsString(value);
    }
}
