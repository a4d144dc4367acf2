package io.carillon.console.internal.limits;

import static io.carillon.console.internal.support.SqlTimes.instant;

import io.carillon.console.internal.access.ReadScope;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The open runs of concurrency limits, read from the {@code runs} table the run materializer writes (its
 * {@code concurrency_limit} and {@code waiting_since} columns, index {@code runs_concurrency_limit_open}): a WAITING run
 * waits in its limit's queue, a STARTED or PROGRESS one holds a slot. Stateless and thread-safe.
 */
@Repository
class LimitRuns {

    /** How many runs hold and wait for one limit. */
    record Counts(long held, long waiting) {

        static final Counts NONE = new Counts(0, 0);
    }

    /** An open run of a limit: {@code since} is when it started (a holder) or joined the queue (a waiting run). */
    record Run(
            String limit,
            String runId,
            String jobId,
            String app,
            String instance,
            String status,
            Instant scheduledAt,
            Instant since) {

        boolean waiting() {
            return WAITING.equals(status);
        }
    }

    private static final String WAITING = "WAITING";
    /** The predicate of index runs_concurrency_limit_open, written out so that the planner can use the index. */
    private static final String OPEN = "concurrency_limit IS NOT NULL AND status IN ('WAITING', 'STARTED', 'PROGRESS')";

    private final JdbcClient jdbc;

    LimitRuns(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** The holders and waiting runs of every limit that has any, by limit; every app's runs are counted. */
    Map<String, Counts> counts() {
        return jdbc
                .sql("SELECT concurrency_limit, count(*) FILTER (WHERE status <> 'WAITING') AS held,"
                        + " count(*) FILTER (WHERE status = 'WAITING') AS waiting FROM runs WHERE " + OPEN
                        + " GROUP BY concurrency_limit")
                .query((row, number) -> Map.entry(
                        row.getString("concurrency_limit"), new Counts(row.getLong("held"), row.getLong("waiting"))))
                .list()
                .stream()
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue, (a, b) -> a, TreeMap::new));
    }

    /**
     * The first {@code size} holders (by start) and the first {@code size} waiting runs (by the time they joined the
     * queue, the order in which the limiter grants them) of each limit of {@code limits}, among the runs {@code scope}
     * may read.
     */
    List<Run> firstRuns(Collection<String> limits, ReadScope scope, int size) {
        if (limits.isEmpty()
                || !scope.admin() && !scope.everyApp() && scope.apps().isEmpty()) {
            return List.of();
        }
        String readable = scope.admin() ? "" : scope.everyApp() ? " AND app IS NOT NULL" : " AND app IN (:apps)";
        return jdbc.sql("SELECT * FROM (SELECT concurrency_limit, run_id, job_id, app, instance, status, scheduled_at,"
                        + " CASE WHEN status = 'WAITING' THEN waiting_since ELSE started_at END AS since,"
                        + " row_number() OVER (PARTITION BY concurrency_limit, status = 'WAITING' ORDER BY"
                        + " CASE WHEN status = 'WAITING' THEN waiting_since ELSE started_at END NULLS LAST,"
                        + " scheduled_at, run_id) AS position"
                        + " FROM runs WHERE " + OPEN + " AND concurrency_limit IN (:limits)" + readable
                        + ") open WHERE position <= :size ORDER BY concurrency_limit, position")
                .param("limits", List.copyOf(limits))
                .param("apps", List.copyOf(scope.apps()))
                .param("size", size)
                .query(LimitRuns::run)
                .list();
    }

    private static Run run(ResultSet row, int number) throws SQLException {
        return new Run(
                row.getString("concurrency_limit"),
                row.getString("run_id"),
                row.getString("job_id"),
                row.getString("app"),
                row.getString("instance"),
                row.getString("status"),
                instant(row, "scheduled_at"),
                instant(row, "since"));
    }
}
