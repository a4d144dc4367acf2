package io.carillon.console.internal.forecast;

import io.carillon.console.internal.access.ReadScope;
import io.carillon.console.internal.support.SqlTimes;
import java.time.Instant;
import java.util.List;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** The runs of a span, grouped by job, slot and status, for the jobs a {@link ReadScope} reads. Thread-safe. */
@Repository
class PastRunsRepository {

    private final JdbcClient jdbc;

    PastRunsRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** The runs of {@code jobIds} from {@code from} to {@code to}, in slots of {@code slotMs}, per status. */
    record SlotRuns(String jobId, String app, int slot, String status, long runs, String newestRunId) {}

    /** At most {@code limit} ids of the readable jobs with runs scheduled in the span, by id, after {@code after}. */
    List<String> jobs(Instant from, Instant to, String after, ReadScope scope, int limit) {
        MapSqlParameterSource parameters = span(from, to).addValue("after", after == null ? "" : after);
        String readable = readable(scope, parameters);
        if (readable == null) {
            return List.of();
        }
        return jdbc.sql("SELECT DISTINCT job_id FROM runs WHERE scheduled_at >= :from AND scheduled_at < :to"
                        + " AND job_id > :after" + readable + " ORDER BY job_id LIMIT :limit")
                .paramSource(parameters.addValue("limit", limit))
                .query(String.class)
                .list();
    }

    /** The runs of {@code jobIds} in the span per slot of {@code slotMs} and status. */
    List<SlotRuns> slots(Instant from, Instant to, long slotMs, List<String> jobIds) {
        if (jobIds.isEmpty()) {
            return List.of();
        }
        return jdbc.sql("SELECT job_id, max(app) AS app, floor(extract(epoch FROM (scheduled_at - :from)) * 1000"
                        + " / :slotMs)::int AS slot, status, count(*) AS runs,"
                        + " (array_agg(run_id ORDER BY scheduled_at DESC, run_id DESC))[1] AS newest"
                        + " FROM runs WHERE scheduled_at >= :from AND scheduled_at < :to AND job_id IN (:jobIds)"
                        + " GROUP BY job_id, slot, status ORDER BY job_id, slot")
                .paramSource(span(from, to).addValue("slotMs", slotMs).addValue("jobIds", jobIds))
                .query((row, rowNumber) -> new SlotRuns(
                        row.getString("job_id"),
                        row.getString("app"),
                        row.getInt("slot"),
                        row.getString("status"),
                        row.getLong("runs"),
                        row.getString("newest")))
                .list();
    }

    private static MapSqlParameterSource span(Instant from, Instant to) {
        return new MapSqlParameterSource()
                .addValue("from", SqlTimes.parameter(from))
                .addValue("to", SqlTimes.parameter(to));
    }

    /** The condition on the readable apps, or null when the scope reads none. */
    private static String readable(ReadScope scope, MapSqlParameterSource parameters) {
        if (scope.admin()) {
            return "";
        }
        if (!scope.everyApp() && scope.apps().isEmpty()) {
            return null;
        }
        parameters.addValue("readableApps", List.copyOf(scope.apps()));
        return scope.everyApp() ? " AND app IS NOT NULL" : " AND app IN (:readableApps)";
    }
}
