package io.carillon.console.internal.dashboard;

import static io.carillon.console.internal.support.SqlTimes.instant;
import static io.carillon.console.internal.support.SqlTimes.parameter;

import io.carillon.console.internal.dashboard.Dashboard.FailingJob;
import io.carillon.console.internal.dashboard.Dashboard.Source;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.core.simple.JdbcClient.StatementSpec;
import org.springframework.stereotype.Repository;

/**
 * The dashboard's figures from {@code run_stats}: per-app windows for the charts and lateness (minute windows for
 * minute buckets, hour windows for day buckets), per-job minute or hour windows for the failing jobs. Percentiles
 * of several windows are their run-weighted means. Thread-safe.
 */
@Repository
class StatsSource implements DashboardSource {

    private static final String WEIGHTED = "round(sum((lateness_ms ->> '%1$s')::bigint * (lateness_ms ->> 'count')"
            + "::bigint) / nullif(sum((lateness_ms ->> 'count')::bigint), 0))::bigint AS %1$s";
    private static final String LATENESS = "coalesce(sum((lateness_ms ->> 'count')::bigint), 0)::bigint AS count, "
            + WEIGHTED.formatted("p50") + ", " + WEIGHTED.formatted("p99");
    private static final String FAILURES = "'FAILED', 'TIMED_OUT', 'LOST', 'NO_WORKER'";

    private final JdbcClient jdbc;

    StatsSource(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    @Override
    public Source source() {
        return Source.STATS;
    }

    @Override
    public boolean covers(Span span, AppFilter apps) {
        return query("SELECT EXISTS (SELECT 1 FROM run_stats WHERE " + within(span, "APP", apps) + ")", span, apps)
                .query(Boolean.class)
                .single();
    }

    @Override
    public List<StatusCount> statusCounts(Span span, AppFilter apps) {
        return query(
                        "SELECT date_trunc(:unit, window_start, 'UTC') AS bucket, s.key AS status,"
                                + " sum(s.value::bigint) AS runs FROM run_stats, jsonb_each_text(by_status) s WHERE "
                                + within(span, "APP", apps) + " GROUP BY 1, 2 ORDER BY 1, 2",
                        span,
                        apps)
                .query((row, number) ->
                        new StatusCount(instant(row, "bucket"), row.getString("status"), row.getLong("runs")))
                .list();
    }

    @Override
    public List<LatenessPoint> lateness(Span span, AppFilter apps) {
        return query(
                        "SELECT date_trunc(:unit, window_start, 'UTC') AS bucket, " + LATENESS
                                + " FROM run_stats WHERE " + within(span, "APP", apps)
                                + " AND lateness_ms IS NOT NULL GROUP BY 1 ORDER BY 1",
                        span,
                        apps)
                .query((row, number) -> point(row, instant(row, "bucket")))
                .list();
    }

    @Override
    public LatenessPoint latenessOver(Span span, AppFilter apps) {
        return query(
                        "SELECT " + LATENESS + " FROM run_stats WHERE " + within(span, "APP", apps)
                                + " AND lateness_ms IS NOT NULL",
                        span,
                        apps)
                .query((row, number) -> point(row, null))
                .single();
    }

    @Override
    public List<FailingJob> topFailing(Span span, AppFilter apps, int limit) {
        return query(
                        "SELECT subject, max(app) AS app, sum(f.value::bigint) AS failures, ("
                                + "SELECT sum(t.runs) FROM run_stats t WHERE t.window_length = :window AND t.scope = 'JOB'"
                                + " AND t.subject = s.subject AND t.window_start >= :from AND t.window_start < :to) AS runs"
                                + " FROM run_stats s, jsonb_each_text(by_status) f WHERE " + within(span, "JOB", apps)
                                + " AND f.key IN (" + FAILURES + ") GROUP BY subject HAVING sum(f.value::bigint) > 0"
                                + " ORDER BY failures DESC, subject LIMIT :limit",
                        span,
                        apps)
                .param("limit", limit)
                .query((row, number) -> new FailingJob(
                        row.getString("subject"), row.getString("app"), row.getLong("failures"), row.getLong("runs")))
                .list();
    }

    private static String within(Span span, String scope, AppFilter apps) {
        return "window_length = :window AND scope = '" + scope + "' AND window_start >= :from AND window_start < :to"
                + " AND " + apps.condition("app");
    }

    private StatementSpec query(String sql, Span span, AppFilter apps) {
        return apps.bind(jdbc.sql(sql)
                .param("unit", span.unit().truncation)
                .param("window", span.unit().window)
                .param("from", parameter(span.from()))
                .param("to", parameter(span.to())));
    }

    static LatenessPoint point(ResultSet row, Instant bucket) throws SQLException {
        return new LatenessPoint(
                bucket, row.getLong("count"), row.getObject("p50", Long.class), row.getObject("p99", Long.class));
    }
}
