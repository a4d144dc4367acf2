package io.carillon.console.internal.runs;

import static io.carillon.console.internal.support.SqlTimes.instant;
import static io.carillon.console.internal.support.SqlTimes.parameter;
import static io.carillon.console.internal.support.SqlTimes.text;

import io.carillon.console.internal.access.ReadScope;
import io.carillon.topics.events.RunResult;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.springframework.jdbc.core.ConnectionCallback;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.stereotype.Repository;

/**
 * The {@code runs} table, partitioned by day of {@code scheduled_at} (a run is keyed by its id and scheduled time;
 * a lookup by run id alone probes each day's index). {@link #upsert} is an idempotent merge: a row only moves forward (STARTED, PROGRESS, then
 * one terminal status, which nothing replaces), facts of a run (times, instance, fire) are kept once known and only
 * filled in when missing, and a result that adds nothing leaves the row untouched, so replaying the results topic
 * changes nothing.
 */
@Repository
public class RunRepository {

    /** Facts filled in when missing; not scheduled_at, the partition key, which every result of a run carries. */
    private static final List<String> FACTS = List.of(
            "fire_id",
            "app",
            "handler",
            "kind",
            "instance",
            "started_at",
            "finished_at",
            "concurrency_limit",
            "waiting_since");

    private static final List<String> STATUS_BOUND =
            List.of("status", "message", "error_class", "progress_done", "progress_total");
    private static final String COLUMNS = Stream.of(Column.values())
                    .map(column -> column.name().toLowerCase(Locale.ROOT))
                    .collect(Collectors.joining(", "))
            + ", updated_at";
    private static final String VIEW_COLUMNS = COLUMNS + ", lateness_ms";
    /**
     * The sort key of runs by scheduled time, a run without one last; the expression of V3's indexes
     * ({@code runs_search*}), which keyset paging compares as a row with the run id.
     */
    private static final String SORT_KEY = "coalesce(scheduled_at, '-infinity'::timestamptz)";

    private static final String NEWEST_FIRST = SORT_KEY + " DESC, run_id DESC";
    /** The first attempt's run id of a run's attempt chain: the expression of V3's index runs_attempt_chain. */
    private static final String CHAIN_KEY = "regexp_replace(%s, '(#[0-9]+)?~[0-9]+(#[0-9]+)$', '\\2')";

    private static final String NO_TIME = "-infinity";
    private static final String UPSERT = upsertSql(false);
    private static final String UPSERT_FORCED = upsertSql(true);

    private final NamedParameterJdbcTemplate jdbc;

    public RunRepository(NamedParameterJdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * Merges {@code results} in order, with the effect of one upsert per result but as at most two statements: the
     * results are folded into one change per run ({@link RunChanges#fold}), and the changes are written as one
     * multi-row {@code INSERT ... SELECT FROM unnest(...) ON CONFLICT} (plus one for the rare forced changes). Runs in
     * the caller's transaction. Stateless and thread-safe; two concurrent transactions upserting the same runs in
     * different orders could deadlock, which PostgreSQL ends by failing one (the materializer then retries its
     * batch); in the console one consumer thread owns a run, since all its results are on one partition.
     */
    public void upsert(List<RunResult> results, Instant now) {
        List<RunChange> changes = RunChanges.fold(results);
        write(changes.stream().filter(change -> !change.forced()).toList(), UPSERT, now);
        write(changes.stream().filter(RunChange::forced).toList(), UPSERT_FORCED, now);
    }

    private void write(List<RunChange> changes, String sql, Instant now) {
        if (changes.isEmpty()) {
            return;
        }
        jdbc.getJdbcTemplate().execute((ConnectionCallback<Integer>) connection -> {
            try (PreparedStatement statement = connection.prepareStatement(sql)) {
                int parameter = 0;
                statement.setObject(++parameter, parameter(now));
                for (Column column : Column.values()) {
                    statement.setArray(
                            ++parameter,
                            connection.createArrayOf(
                                    column.elementType,
                                    changes.stream().map(column.value).toArray(column.newArray)));
                }
                return statement.executeUpdate();
            }
        });
    }

    /** The newest {@code limit} runs of job {@code jobId}, by scheduled time. */
    public List<RunView> findByJob(String jobId, int limit) {
        return jdbc.query(
                "SELECT " + VIEW_COLUMNS + " FROM runs WHERE job_id = :jobId" + " ORDER BY " + NEWEST_FIRST
                        + " LIMIT :limit",
                new MapSqlParameterSource().addValue("jobId", jobId).addValue("limit", limit),
                (row, rowNumber) -> view(row));
    }

    /** The run {@code runId}, when it is stored. */
    public Optional<RunView> findByRunId(String runId) {
        return jdbc
                .query(
                        "SELECT " + VIEW_COLUMNS + " FROM runs WHERE run_id = :runId",
                        new MapSqlParameterSource().addValue("runId", runId),
                        (row, rowNumber) -> view(row))
                .stream()
                .findFirst();
    }

    /**
     * At most {@code limit} runs matching {@code search} that {@code scope} may read, newest scheduled first (then
     * by run id, descending), after {@code search.after()} when set.
     */
    public List<RunView> search(RunSearch search, ReadScope scope, int limit) {
        StringBuilder sql = new StringBuilder("SELECT " + VIEW_COLUMNS + " FROM runs WHERE true");
        MapSqlParameterSource parameters = new MapSqlParameterSource();
        if (!scope.admin()) {
            if (!scope.everyApp() && scope.apps().isEmpty()) {
                return List.of();
            }
            sql.append(scope.everyApp() ? " AND app IS NOT NULL" : " AND app IN (:readableApps)");
            parameters.addValue("readableApps", List.copyOf(scope.apps()));
        }
        filter(sql, parameters, "app = :app", "app", search.app());
        filter(sql, parameters, "job_id = :jobId", "jobId", search.jobId());
        filter(sql, parameters, "instance = :instance", "instance", search.instance());
        if (!search.statuses().isEmpty()) {
            filter(
                    sql,
                    parameters,
                    "status IN (:statuses)",
                    "statuses",
                    search.statuses().stream().map(Enum::name).toList());
        }
        if (!search.kinds().isEmpty()) {
            filter(
                    sql,
                    parameters,
                    "kind IN (:kinds)",
                    "kinds",
                    search.kinds().stream().map(Enum::name).toList());
        }
        if (search.from() != null || search.to() != null) {
            sql.append(" AND scheduled_at IS NOT NULL");
        }
        filter(sql, parameters, SORT_KEY + " >= :from AND scheduled_at >= :from", "from", parameter(search.from()));
        filter(sql, parameters, SORT_KEY + " < :to AND scheduled_at < :to", "to", parameter(search.to()));
        filter(
                sql,
                parameters,
                "finished_at - started_at >= :minDurationMs * interval '1 millisecond'",
                "minDurationMs",
                search.minDurationMs());
        if (search.after() != null) {
            sql.append(" AND (" + SORT_KEY + ", run_id) < (CAST(:afterAt AS timestamptz), :afterRunId)");
            parameters.addValue(
                    "afterAt",
                    search.after().scheduledAt() == null
                            ? NO_TIME
                            : text(search.after().scheduledAt()));
            parameters.addValue("afterRunId", search.after().runId());
        }
        sql.append(" ORDER BY " + NEWEST_FIRST + " LIMIT :limit");
        parameters.addValue("limit", limit);
        return jdbc.query(sql.toString(), parameters, (row, rowNumber) -> view(row));
    }

    private static void filter(
            StringBuilder sql, MapSqlParameterSource parameters, String condition, String name, Object value) {
        if (value != null) {
            sql.append(" AND ").append(condition);
            parameters.addValue(name, value);
        }
    }

    /**
     * Every attempt of the fire and shard of run {@code runId} (its retries, and the runs it retried), this one
     * included, by attempt; at most {@code limit}.
     */
    public List<RunView> attempts(String runId, int limit) {
        return jdbc.query(
                "SELECT " + VIEW_COLUMNS + " FROM runs WHERE " + CHAIN_KEY.formatted("run_id") + " = "
                        + CHAIN_KEY.formatted(":runId") + " ORDER BY attempt, run_id LIMIT :limit",
                new MapSqlParameterSource().addValue("runId", runId).addValue("limit", limit),
                (row, rowNumber) -> view(row));
    }

    /** The newest run of every stored job that has one, by job id. */
    public Map<String, RunView> latestOfEveryJob() {
        List<RunView> latest = jdbc.query(
                "SELECT r.* FROM jobs j CROSS JOIN LATERAL (SELECT " + VIEW_COLUMNS
                        + " FROM runs WHERE job_id = j.id ORDER BY " + NEWEST_FIRST + " LIMIT 1) r",
                (row, rowNumber) -> view(row));
        return latest.stream().collect(Collectors.toMap(RunView::jobId, run -> run, (a, b) -> a, LinkedHashMap::new));
    }

    private static String upsertSql(boolean forced) {
        String incoming = RunStatusRank.sql("EXCLUDED.status");
        String stored = RunStatusRank.sql("r.status");
        String sameRankReplaces = forced
                ? "TRUE"
                : "(EXCLUDED.message, EXCLUDED.progress_done,"
                        + " EXCLUDED.progress_total) IS DISTINCT FROM (r.message, r.progress_done, r.progress_total)";
        String advances = "(" + incoming + " > " + stored + " OR (" + incoming + " = " + stored + " AND " + stored
                + " < " + RunStatusRank.terminal() + " AND " + sameRankReplaces + "))";
        String fillsGap = FACTS.stream()
                .map(column -> "(r." + column + " IS NULL AND EXCLUDED." + column + " IS NOT NULL)")
                .collect(Collectors.joining(" OR "));
        String assignments = Stream.concat(
                        FACTS.stream().map(column -> column + " = coalesce(r." + column + ", EXCLUDED." + column + ")"),
                        STATUS_BOUND.stream()
                                .map(column -> column + " = CASE WHEN " + advances + " THEN EXCLUDED." + column
                                        + " ELSE r." + column + " END"))
                .collect(Collectors.joining(", "));
        String arrays = Stream.of(Column.values())
                .map(column -> "?::" + column.sqlType + "[]")
                .collect(Collectors.joining(", "));
        return "INSERT INTO runs AS r (" + COLUMNS + ") SELECT u.*, ?::timestamptz FROM unnest(" + arrays + ") AS u"
                + " ON CONFLICT (run_id, scheduled_at) DO UPDATE SET " + assignments
                + ", updated_at = EXCLUDED.updated_at"
                + " WHERE " + advances + " OR " + fillsGap;
    }

    /** The columns of the table but updated_at and the generated lateness_ms, in order: the upsert's arrays. */
    private enum Column {
        RUN_ID(Type.TEXT, RunChange::runId),
        FIRE_ID(Type.TEXT, RunChange::fireId),
        JOB_ID(Type.TEXT, RunChange::jobId),
        APP(Type.TEXT, RunChange::app),
        HANDLER(Type.TEXT, RunChange::handler),
        KIND(Type.TEXT, RunChange::kind),
        ATTEMPT(Type.INTEGER, RunChange::attempt),
        SHARD_INDEX(Type.INTEGER, RunChange::shardIndex),
        SHARD_TOTAL(Type.INTEGER, RunChange::shardTotal),
        STATUS(Type.TEXT, change -> change.status().name()),
        INSTANCE(Type.TEXT, RunChange::instance),
        SCHEDULED_AT(Type.TIMESTAMPTZ, change -> text(change.scheduledAt())),
        STARTED_AT(Type.TIMESTAMPTZ, change -> text(change.startedAt())),
        FINISHED_AT(Type.TIMESTAMPTZ, change -> text(change.finishedAt())),
        MESSAGE(Type.TEXT, RunChange::message),
        ERROR_CLASS(Type.TEXT, RunChange::errorClass),
        PROGRESS_DONE(Type.BIGINT, RunChange::progressDone),
        PROGRESS_TOTAL(Type.BIGINT, RunChange::progressTotal),
        CONCURRENCY_LIMIT(Type.TEXT, RunChange::concurrencyLimit),
        WAITING_SINCE(Type.TIMESTAMPTZ, change -> text(change.waitingSince()));

        final String sqlType;
        /** The element type of the JDBC array: text for timestamps, which the statement casts. */
        final String elementType;

        final IntFunction<Object[]> newArray;
        final Function<RunChange, Object> value;

        Column(Type type, Function<RunChange, Object> value) {
            this.sqlType = type.sql;
            this.elementType = type.element;
            this.newArray = type.newArray;
            this.value = value;
        }

        private enum Type {
            TEXT("text", "text", String[]::new),
            INTEGER("int4", "int4", Integer[]::new),
            BIGINT("int8", "int8", Long[]::new),
            TIMESTAMPTZ("timestamptz", "text", String[]::new);

            final String sql;
            final String element;
            final IntFunction<Object[]> newArray;

            Type(String sql, String element, IntFunction<Object[]> newArray) {
                this.sql = sql;
                this.element = element;
                this.newArray = newArray;
            }
        }
    }

    private static RunView view(ResultSet row) throws SQLException {
        return new RunView(
                row.getString("run_id"),
                row.getString("fire_id"),
                row.getString("job_id"),
                row.getString("app"),
                row.getString("handler"),
                row.getString("kind"),
                row.getInt("attempt"),
                row.getInt("shard_index"),
                row.getInt("shard_total"),
                row.getString("status"),
                row.getString("instance"),
                instant(row, "scheduled_at"),
                instant(row, "started_at"),
                instant(row, "finished_at"),
                row.getObject("lateness_ms", Long.class),
                row.getString("message"),
                row.getString("error_class"),
                row.getObject("progress_done", Long.class),
                row.getObject("progress_total", Long.class),
                instant(row, "updated_at"),
                row.getString("concurrency_limit"),
                instant(row, "waiting_since"));
    }
}
