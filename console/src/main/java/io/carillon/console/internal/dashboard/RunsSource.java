package io.carillon.console.internal.dashboard;

import static io.carillon.console.internal.support.SqlTimes.instant;
import static io.carillon.console.internal.support.SqlTimes.parameter;

import io.carillon.console.internal.dashboard.Dashboard.FailingJob;
import io.carillon.console.internal.dashboard.Dashboard.Source;
import io.carillon.topics.events.RunStatus;
import java.util.Arrays;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.core.simple.JdbcClient.StatementSpec;
import org.springframework.stereotype.Repository;

/**
 * The dashboard's figures from the {@code runs} table, for when no stats were stored: the finished runs scheduled
 * within the span (the run search's index on scheduled time bounds the scan), bucketed by scheduled time, with
 * exact lateness percentiles. Thread-safe.
 */
@Repository
class RunsSource implements DashboardSource {

    private static final String SCHEDULED = "coalesce(scheduled_at, '-infinity'::timestamptz)";
    private static final String LATENESS = "count(lateness_ms) AS count,"
            + " percentile_disc(0.5) WITHIN GROUP (ORDER BY lateness_ms) AS p50,"
            + " percentile_disc(0.99) WITHIN GROUP (ORDER BY lateness_ms) AS p99";
    private static final List<String> ENDED = Arrays.stream(RunStatus.values())
            .filter(RunStatus::isTerminal)
            .map(Enum::name)
            .toList();
    private static final List<String> FAILURES = List.of(
            RunStatus.FAILED.name(), RunStatus.TIMED_OUT.name(), RunStatus.LOST.name(), RunStatus.NO_WORKER.name());

    private final JdbcClient jdbc;

    RunsSource(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    @Override
    public Source source() {
        return Source.RUNS;
    }

    @Override
    public boolean covers(Span span, AppFilter apps) {
        return true;
    }

    @Override
    public List<StatusCount> statusCounts(Span span, AppFilter apps) {
        return query(
                        "SELECT date_trunc(:unit, scheduled_at, 'UTC') AS bucket, status, count(*) AS runs FROM runs"
                                + " WHERE " + within(apps) + " GROUP BY 1, 2 ORDER BY 1, 2",
                        span,
                        apps)
                .query((row, number) ->
                        new StatusCount(instant(row, "bucket"), row.getString("status"), row.getLong("runs")))
                .list();
    }

    @Override
    public List<LatenessPoint> lateness(Span span, AppFilter apps) {
        return query(
                        "SELECT date_trunc(:unit, scheduled_at, 'UTC') AS bucket, " + LATENESS + " FROM runs WHERE "
                                + within(apps) + " AND lateness_ms IS NOT NULL GROUP BY 1 ORDER BY 1",
                        span,
                        apps)
                .query((row, number) -> StatsSource.point(row, instant(row, "bucket")))
                .list();
    }

    @Override
    public LatenessPoint latenessOver(Span span, AppFilter apps) {
        return query(
                        "SELECT " + LATENESS + " FROM runs WHERE " + within(apps) + " AND lateness_ms IS NOT NULL",
                        span,
                        apps)
                .query((row, number) -> StatsSource.point(row, null))
                .single();
    }

    @Override
    public List<FailingJob> topFailing(Span span, AppFilter apps, int limit) {
        return query(
                        "SELECT job_id, max(app) AS app, count(*) FILTER (WHERE status IN (:failures)) AS failures,"
                                + " count(*) AS runs FROM runs WHERE " + within(apps) + " GROUP BY job_id"
                                + " HAVING count(*) FILTER (WHERE status IN (:failures)) > 0 ORDER BY failures DESC, job_id"
                                + " LIMIT :limit",
                        span,
                        apps)
                .param("failures", FAILURES)
                .param("limit", limit)
                .query((row, number) -> new FailingJob(
                        row.getString("job_id"), row.getString("app"), row.getLong("failures"), row.getLong("runs")))
                .list();
    }

    private static String within(AppFilter apps) {
        return SCHEDULED + " >= :from AND " + SCHEDULED + " < :to AND status IN (:ended) AND " + apps.condition("app");
    }

    private StatementSpec query(String sql, Span span, AppFilter apps) {
        return apps.bind(jdbc.sql(sql)
                .param("unit", span.unit().truncation)
                .param("ended", ENDED)
                .param("from", parameter(span.from()))
                .param("to", parameter(span.to())));
    }
}
