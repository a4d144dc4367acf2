package io.carillon.console.internal.limits;

import static io.carillon.console.internal.support.AdvisoryLocks.lockForTransaction;
import static io.carillon.console.internal.support.SqlTimes.instant;
import static io.carillon.console.internal.support.SqlTimes.parameter;

import io.carillon.console.internal.support.ManagingApps;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.events.ConcurrencyLimit;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** The {@code concurrency_limits} table, and which jobs take a limit; callers run its statements in their transaction. */
@Repository
class LimitRepository {

    /** A limit's row: the limit, and who set it when. */
    record Row(ConcurrencyLimit limit, Instant updatedAt, String updatedBy, String declaredBy) {}

    /** The most job ids a refused delete names. */
    static final int MAX_JOBS_NAMED = 100;

    private static final String LOCK_PREFIX = "carillon.console.limit:";
    private static final String COLUMNS = "definition::text AS definition, updated_at, updated_by, managed_by_app";

    private final JdbcClient jdbc;
    private final ManagingApps managers;

    LimitRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
        this.managers = new ManagingApps(jdbc, "concurrency_limits");
    }

    List<Row> list() {
        return jdbc.sql("SELECT " + COLUMNS + " FROM concurrency_limits ORDER BY id")
                .query(this::row)
                .list();
    }

    Optional<Row> find(String id) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM concurrency_limits WHERE id = :id")
                .param("id", id)
                .query(this::row)
                .optional();
    }

    /** The row of {@code id}, if any, after taking the limit's advisory lock for the rest of the transaction. */
    Optional<Row> lock(String id) {
        lockForTransaction(jdbc, LOCK_PREFIX + id);
        return find(id);
    }

    void save(Row row) {
        jdbc.sql("INSERT INTO concurrency_limits (id, definition, updated_at, updated_by)"
                        + " VALUES (:id, CAST(:definition AS jsonb), :updatedAt, :updatedBy)"
                        + " ON CONFLICT (id) DO UPDATE SET definition = EXCLUDED.definition,"
                        + " updated_at = EXCLUDED.updated_at, updated_by = EXCLUDED.updated_by")
                .param("id", row.limit().id())
                .param("definition", EventSerdes.LIMIT.toJson(row.limit()))
                .param("updatedAt", parameter(row.updatedAt()))
                .param("updatedBy", row.updatedBy())
                .update();
    }

    /** Who manages each limit: the app that declares it, or the console. */
    ManagingApps managers() {
        return managers;
    }

    void delete(String id) {
        jdbc.sql("DELETE FROM concurrency_limits WHERE id = :id")
                .param("id", id)
                .update();
    }

    /** The ids of the jobs that take limit {@code id}, {@link #MAX_JOBS_NAMED} at most. */
    List<String> jobsTaking(String id) {
        return jdbc.sql("SELECT id FROM jobs WHERE definition->'concurrency'->>'limit' = :id ORDER BY id LIMIT :max")
                .param("id", id)
                .param("max", MAX_JOBS_NAMED)
                .query(String.class)
                .list();
    }

    private Row row(ResultSet row, int number) throws SQLException {
        return new Row(
                EventSerdes.LIMIT.parse(row.getString("definition")),
                instant(row, "updated_at"),
                row.getString("updated_by"),
                row.getString("managed_by_app"));
    }
}
