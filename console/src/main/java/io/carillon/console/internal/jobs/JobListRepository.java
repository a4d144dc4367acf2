package io.carillon.console.internal.jobs;

import static io.carillon.console.internal.support.SqlTimes.instant;
import static io.carillon.console.internal.support.SqlTimes.parameter;

import io.carillon.topics.EventSerdes;
import io.carillon.topics.events.RunStatus;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.stereotype.Repository;

/**
 * Reads one page of the job list in one query: the jobs after a cursor id within the filters, each with its pause,
 * its newest run (one index probe) and its run counts of the last 24 hours (an index-only range scan), by id.
 */
@Repository
class JobListRepository {

    static final Duration SUCCESS_WINDOW = Duration.ofHours(24);

    private static final String ENDED = String.join(
            ", ",
            Arrays.stream(RunStatus.values())
                    .filter(RunStatus::isTerminal)
                    .map(status -> "'" + status.name() + "'")
                    .toList());
    /**
     * The newest run of job {@code j} matching {@code condition}. The list asks the days since {@code :since} first
     * and all days only for a job without a run in them: {@code runs} is partitioned by day, and a probe of every
     * day's index costs a merge over all partitions.
     */
    private static String newestRun(String condition) {
        return "(SELECT r.run_id, r.status, r.scheduled_at, r.started_at, r.finished_at, r.lateness_ms FROM runs r"
                + " WHERE r.job_id = j.id " + condition
                + " ORDER BY r.scheduled_at DESC NULLS LAST, r.run_id DESC LIMIT 1)";
    }

    private static final String SELECT = "SELECT j.definition::text AS definition,"
            + " j.managed_by_app, j.managed_version, j.orphaned_at,"
            + " p.reason AS pause_reason, p.paused_by, p.paused_at,"
            + " lr.run_id, lr.status, lr.scheduled_at, lr.started_at, lr.finished_at, lr.lateness_ms,"
            + " st.ended, st.succeeded"
            + " FROM jobs j"
            + " LEFT JOIN job_pauses p ON p.job_id = j.id"
            + " LEFT JOIN LATERAL (" + newestRun("AND r.scheduled_at > :since") + " UNION ALL " + newestRun("")
            + " LIMIT 1) lr ON true"
            + " LEFT JOIN LATERAL (SELECT count(*) FILTER (WHERE r.status IN (" + ENDED + ")) AS ended,"
            + " count(*) FILTER (WHERE r.status = '" + RunStatus.SUCCEEDED.name() + "') AS succeeded"
            + " FROM runs r WHERE r.job_id = j.id AND r.scheduled_at > :since AND r.scheduled_at <= :now) st ON true"
            + " WHERE true";

    private final NamedParameterJdbcTemplate jdbc;

    JobListRepository(NamedParameterJdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * Up to {@code limit} jobs with an id after {@code afterId} (null: from the start) matching {@code query}, of
     * {@code apps} (null: every app), by id; run counts over the 24 hours before {@code now}.
     */
    List<JobSummaryRow> page(JobListQuery query, Collection<String> apps, String afterId, int limit, Instant now) {
        StringBuilder sql = new StringBuilder(SELECT);
        MapSqlParameterSource params = new MapSqlParameterSource()
                .addValue("now", parameter(now))
                .addValue("since", parameter(now.minus(SUCCESS_WINDOW)))
                .addValue("limit", limit);
        condition(sql, params, "j.id > :after", "after", afterId);
        if (apps != null) {
            sql.append(" AND j.app = ANY (:apps)");
            params.addValue("apps", apps.toArray(String[]::new));
        }
        condition(sql, params, "j.app = :app", "app", query.app());
        condition(
                sql,
                params,
                "(j.id ILIKE :q ESCAPE '\\' OR j.definition ->> 'description' ILIKE :q ESCAPE '\\')",
                "q",
                query.q() == null ? null : "%" + escapeLike(query.q()) + "%");
        condition(sql, params, "j.enabled = :enabled", "enabled", query.enabled());
        condition(sql, params, "(p.job_id IS NOT NULL) = :paused", "paused", query.paused());
        condition(sql, params, "j.handler = :handler", "handler", query.handler());
        condition(
                sql,
                params,
                "j.definition -> 'schedule' ->> 'type' = :type",
                "type",
                query.type() == null ? null : query.type().name());
        condition(sql, params, "j.definition ->> 'owner' = :owner", "owner", query.owner());
        condition(sql, params, "j.definition -> 'tags' @> jsonb_build_array(CAST(:tag AS text))", "tag", query.tag());
        condition(
                sql,
                params,
                "lr.status = :status",
                "status",
                query.status() == null ? null : query.status().name());
        sql.append(" ORDER BY j.id LIMIT :limit");
        return jdbc.query(sql.toString(), params, (row, number) -> row(row));
    }

    private static void condition(
            StringBuilder sql, MapSqlParameterSource params, String condition, String name, Object value) {
        if (value != null) {
            sql.append(" AND ").append(condition);
            params.addValue(name, value);
        }
    }

    private static String escapeLike(String text) {
        return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_");
    }

    private static JobSummaryRow row(ResultSet row) throws SQLException {
        JobSummary.Pause pause = row.getString("paused_by") == null
                ? null
                : new JobSummary.Pause(
                        row.getString("pause_reason"), row.getString("paused_by"), instant(row, "paused_at"));
        JobSummary.LastRun lastRun = row.getString("run_id") == null
                ? null
                : new JobSummary.LastRun(
                        row.getString("run_id"),
                        row.getString("status"),
                        instant(row, "scheduled_at"),
                        instant(row, "started_at"),
                        instant(row, "finished_at"),
                        row.getObject("lateness_ms", Long.class));
        long ended = row.getLong("ended");
        long succeeded = row.getLong("succeeded");
        return new JobSummaryRow(
                EventSerdes.JOB.parse(row.getString("definition")),
                pause,
                lastRun,
                new JobSummary.Last24Hours(ended, succeeded, ended == 0 ? null : (double) succeeded / ended),
                ManagedBy.of(
                        row.getString("managed_by_app"),
                        row.getString("managed_version"),
                        instant(row, "orphaned_at")));
    }

    /** A row as read, before the next fire is worked out. */
    record JobSummaryRow(
            io.carillon.topics.events.JobDefinition job,
            JobSummary.Pause pause,
            JobSummary.LastRun lastRun,
            JobSummary.Last24Hours last24h,
            ManagedBy managedBy) {}
}
