package io.carillon.console.internal.runs;

import static io.carillon.console.internal.SqlTimes.instant;
import static io.carillon.console.internal.SqlTimes.parameter;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.jdbc.core.namedparam.SqlParameterSource;
import org.springframework.stereotype.Repository;

import io.carillon.topics.events.RunResult;

/**
 * The {@code runs} table. {@link #upsert} is an idempotent merge: a row only moves forward (STARTED, PROGRESS, then
 * one terminal status, which nothing replaces), facts of a run (times, instance, fire) are kept once known and only
 * filled in when missing, and a result that adds nothing leaves the row untouched, so replaying the results topic
 * changes nothing.
 */
@Repository
public class RunRepository {

    private static final List<String> FACTS = List.of("fire_id", "app", "handler", "kind", "instance",
            "scheduled_at", "started_at", "finished_at");
    private static final List<String> STATUS_BOUND = List.of("status", "message", "error_class", "progress_done",
            "progress_total");
    private static final String COLUMNS = "run_id, fire_id, job_id, app, handler, kind, attempt, shard_index,"
            + " shard_total, status, instance, scheduled_at, started_at, finished_at, message, error_class,"
            + " progress_done, progress_total, updated_at";
    private static final String VIEW_COLUMNS = COLUMNS + ", lateness_ms";
    private static final String UPSERT = upsertSql();

    private final NamedParameterJdbcTemplate jdbc;

    public RunRepository(NamedParameterJdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** Merges {@code results} in order; runs in the caller's transaction. */
    public void upsert(List<RunResult> results, Instant now) {
        SqlParameterSource[] batch = results.stream().map(result -> parameters(result, now))
                .toArray(SqlParameterSource[]::new);
        jdbc.batchUpdate(UPSERT, batch);
    }

    /** The newest {@code limit} runs of job {@code jobId}, by scheduled time. */
    public List<RunView> findByJob(String jobId, int limit) {
        return jdbc.query("SELECT " + VIEW_COLUMNS + " FROM runs WHERE job_id = :jobId"
                        + " ORDER BY scheduled_at DESC NULLS LAST, run_id DESC LIMIT :limit",
                new MapSqlParameterSource().addValue("jobId", jobId).addValue("limit", limit),
                (row, rowNumber) -> view(row));
    }

    /** The run {@code runId}, when it is stored. */
    public Optional<RunView> findByRunId(String runId) {
        return jdbc.query("SELECT " + VIEW_COLUMNS + " FROM runs WHERE run_id = :runId",
                new MapSqlParameterSource().addValue("runId", runId), (row, rowNumber) -> view(row))
                .stream().findFirst();
    }

    /** The newest run of every stored job that has one, by job id. */
    public Map<String, RunView> latestOfEveryJob() {
        List<RunView> latest = jdbc.query("SELECT r.* FROM jobs j CROSS JOIN LATERAL (SELECT " + VIEW_COLUMNS
                        + " FROM runs WHERE job_id = j.id ORDER BY scheduled_at DESC NULLS LAST, run_id DESC LIMIT 1) r",
                (row, rowNumber) -> view(row));
        return latest.stream().collect(Collectors.toMap(RunView::jobId, run -> run, (a, b) -> a, LinkedHashMap::new));
    }

    private static String upsertSql() {
        String incoming = RunStatusRank.sql("EXCLUDED.status");
        String stored = RunStatusRank.sql("r.status");
        String advances = "(" + incoming + " > " + stored + " OR (" + incoming + " = " + stored + " AND " + stored
                + " < " + RunStatusRank.terminal() + " AND (EXCLUDED.message, EXCLUDED.progress_done,"
                + " EXCLUDED.progress_total) IS DISTINCT FROM (r.message, r.progress_done, r.progress_total)))";
        String fillsGap = FACTS.stream()
                .map(column -> "(r." + column + " IS NULL AND EXCLUDED." + column + " IS NOT NULL)")
                .collect(Collectors.joining(" OR "));
        String assignments = Stream.concat(
                        FACTS.stream().map(column -> column + " = coalesce(r." + column + ", EXCLUDED." + column + ")"),
                        STATUS_BOUND.stream().map(column -> column + " = CASE WHEN " + advances + " THEN EXCLUDED."
                                + column + " ELSE r." + column + " END"))
                .collect(Collectors.joining(", "));
        return "INSERT INTO runs AS r (" + COLUMNS + ") VALUES (:runId, :fireId, :jobId, :app, :handler, :kind,"
                + " :attempt, :shardIndex, :shardTotal, :status, :instance, :scheduledAt, :startedAt, :finishedAt,"
                + " :message, :errorClass, :progressDone, :progressTotal, :updatedAt)"
                + " ON CONFLICT (run_id) DO UPDATE SET " + assignments + ", updated_at = EXCLUDED.updated_at"
                + " WHERE " + advances + " OR " + fillsGap;
    }

    private static SqlParameterSource parameters(RunResult result, Instant now) {
        return new MapSqlParameterSource()
                .addValue("runId", result.runId())
                .addValue("fireId", result.fireId())
                .addValue("jobId", result.jobId())
                .addValue("app", result.app())
                .addValue("handler", result.handler())
                .addValue("kind", result.kind() == null ? null : result.kind().name())
                .addValue("attempt", result.attempt())
                .addValue("shardIndex", result.shardIndex())
                .addValue("shardTotal", result.shardTotal())
                .addValue("status", result.status().name())
                .addValue("instance", result.instance())
                .addValue("scheduledAt", parameter(result.scheduledAt()))
                .addValue("startedAt", parameter(result.startedAt()))
                .addValue("finishedAt", parameter(result.finishedAt()))
                .addValue("message", messageOf(result))
                .addValue("errorClass", result.errorClass())
                .addValue("progressDone", result.progress() == null ? null : result.progress().done())
                .addValue("progressTotal", result.progress() == null ? null : result.progress().total())
                .addValue("updatedAt", parameter(now));
    }

    private static String messageOf(RunResult result) {
        if (result.message() == null && result.progress() != null) {
            return result.progress().message();
        }
        return result.message();
    }

    private static RunView view(ResultSet row) throws SQLException {
        return new RunView(row.getString("run_id"), row.getString("fire_id"), row.getString("job_id"),
                row.getString("app"), row.getString("handler"), row.getString("kind"), row.getInt("attempt"),
                row.getInt("shard_index"), row.getInt("shard_total"), row.getString("status"),
                row.getString("instance"), instant(row, "scheduled_at"), instant(row, "started_at"),
                instant(row, "finished_at"), row.getObject("lateness_ms", Long.class), row.getString("message"),
                row.getString("error_class"), row.getObject("progress_done", Long.class),
                row.getObject("progress_total", Long.class), instant(row, "updated_at"));
    }
}
