package io.carillon.console.internal.calendars;

import static io.carillon.console.internal.support.AdvisoryLocks.lockForTransaction;
import static io.carillon.console.internal.support.SqlTimes.instant;
import static io.carillon.console.internal.support.SqlTimes.parameter;

import io.carillon.console.internal.support.ManagingApps;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.events.Calendar;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** The {@code calendars} table, and which jobs name a calendar; callers run its statements in their transaction. */
@Repository
public class CalendarRepository {

    /** A calendar's row: the calendar, and who set it when. */
    record Row(Calendar calendar, Instant updatedAt, String updatedBy, String declaredBy) {}

    /** The most job ids a refused delete names. */
    static final int MAX_JOBS_NAMED = 100;

    private static final String LOCK_PREFIX = "carillon.console.calendar:";
    private static final String COLUMNS = "definition::text AS definition, updated_at, updated_by, managed_by_app";

    private final JdbcClient jdbc;
    private final ManagingApps managers;

    CalendarRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
        this.managers = new ManagingApps(jdbc, "calendars");
    }

    List<Row> list() {
        return jdbc.sql("SELECT " + COLUMNS + " FROM calendars ORDER BY id")
                .query(this::row)
                .list();
    }

    Optional<Row> find(String id) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM calendars WHERE id = :id")
                .param("id", id)
                .query(this::row)
                .optional();
    }

    /** Whether a calendar {@code id} is stored. */
    boolean exists(String id) {
        return jdbc.sql("SELECT EXISTS (SELECT 1 FROM calendars WHERE id = :id)")
                .param("id", id)
                .query(Boolean.class)
                .single();
    }

    /**
     * The row of {@code id}, if any, after taking the calendar's advisory lock for the rest of the transaction: the
     * changes of one calendar, and so their records on the topic, follow each other in commit order.
     */
    Optional<Row> lock(String id) {
        lockForTransaction(jdbc, LOCK_PREFIX + id);
        return find(id);
    }

    void save(Row row) {
        jdbc.sql("INSERT INTO calendars (id, definition, updated_at, updated_by)"
                        + " VALUES (:id, CAST(:definition AS jsonb), :updatedAt, :updatedBy)"
                        + " ON CONFLICT (id) DO UPDATE SET definition = EXCLUDED.definition,"
                        + " updated_at = EXCLUDED.updated_at, updated_by = EXCLUDED.updated_by")
                .param("id", row.calendar().id())
                .param("definition", EventSerdes.CALENDAR.toJson(row.calendar()))
                .param("updatedAt", parameter(row.updatedAt()))
                .param("updatedBy", row.updatedBy())
                .update();
    }

    /** Who manages each calendar: the app that declares it, or the console. */
    ManagingApps managers() {
        return managers;
    }

    void delete(String id) {
        jdbc.sql("DELETE FROM calendars WHERE id = :id").param("id", id).update();
    }

    /** The ids of the jobs whose schedules skip calendar {@code id} or fire only on it, {@link #MAX_JOBS_NAMED} at most. */
    List<String> jobsUsing(String id) {
        return jdbc.sql("SELECT id FROM jobs WHERE definition->'schedule'->>'onlyOn' = :id"
                        + " OR definition->'schedule'->'skip' @> jsonb_build_array(CAST(:id AS text))"
                        + " ORDER BY id LIMIT :limit")
                .param("id", id)
                .param("limit", MAX_JOBS_NAMED)
                .query(String.class)
                .list();
    }

    private Row row(ResultSet row, int number) throws SQLException {
        return new Row(
                EventSerdes.CALENDAR.parse(row.getString("definition")),
                instant(row, "updated_at"),
                row.getString("updated_by"),
                row.getString("managed_by_app"));
    }
}
