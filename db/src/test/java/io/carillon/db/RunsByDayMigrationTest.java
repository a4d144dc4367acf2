package io.carillon.db;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.testkit.TestDatabase;
import java.sql.SQLException;
import java.util.List;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** V7 moves the rows of the plain runs and run_logs tables into partitions of their days. */
class RunsByDayMigrationTest {

    private static TestDatabase database;

    @BeforeAll
    static void migrateWithRowsInTheUnpartitionedTables() throws SQLException {
        database = TestDatabase.create();
        flyway("5").migrate();
        execute("INSERT INTO runs (run_id, job_id, attempt, shard_index, shard_total, status, scheduled_at,"
                + " started_at, updated_at) VALUES"
                + " ('a@1#0', 'a', 1, 0, 1, 'SUCCEEDED', '2026-03-01T23:59:00Z', '2026-03-02T00:00:01Z',"
                + " '2026-03-02T00:00:02Z'),"
                + " ('a@2#0', 'a', 1, 0, 1, 'STARTED', '2026-03-02T10:00:00Z', '2026-03-02T10:00:00Z',"
                + " '2026-03-02T10:00:00Z'),"
                + " ('undated#0', 'a', 1, 0, 1, 'STARTED', NULL, '2026-03-04T08:00:00Z', '2026-03-04T08:00:00Z')");
        execute("INSERT INTO run_logs (run_id, seq, at, message) VALUES ('a@1#0', 1, '2026-03-02T00:00:01Z', 'one'),"
                + " ('a@1#0', 2, '2026-03-02T00:00:02Z', 'two'), ('orphan#0', 1, '2026-03-05T01:00:00Z', 'alone')");
        execute("INSERT INTO run_log_state (run_id, last_seq, lines, bytes, cut_lines, updated_at) VALUES"
                + " ('a@1#0', 2, 2, 6, 0, '2026-03-02T00:00:02Z'), ('orphan#0', 1, 1, 5, 0, '2026-03-05T01:00:00Z')");
        flyway("7").migrate();
    }

    @AfterAll
    static void drop() {
        database.close();
    }

    @Test
    void putsEachRunInThePartitionOfItsScheduledDay() throws SQLException {
        assertThat(query("SELECT tableoid::regclass || ':' || run_id || ':' || lateness_ms FROM runs ORDER BY run_id"))
                .containsExactly("runs_p20260301:a@1#0:61000", "runs_p20260302:a@2#0:0", "runs_p20260304:undated#0:0");
    }

    @Test
    void putsEachLogLineInThePartitionOfItsRunsDay() throws SQLException {
        assertThat(query("SELECT tableoid::regclass || ':' || run_id || ':' || seq FROM run_logs ORDER BY run_id, seq"))
                .containsExactly(
                        "run_logs_p20260301:a@1#0:1", "run_logs_p20260301:a@1#0:2", "run_logs_p20260305:orphan#0:1");
        assertThat(query("SELECT run_id || ':' || run_scheduled_at AT TIME ZONE 'UTC' FROM run_log_state"
                        + " ORDER BY run_id"))
                .containsExactly("a@1#0:2026-03-01 23:59:00", "orphan#0:2026-03-05 01:00:00");
    }

    private static Flyway flyway(String target) {
        return Flyway.configure()
                .dataSource(database.dataSource())
                .locations("classpath:db/migration")
                .target(target)
                .load();
    }

    private static void execute(String sql) throws SQLException {
        Sql.execute(database.dataSource(), sql);
    }

    private static List<String> query(String sql) throws SQLException {
        return Sql.query(database.dataSource(), sql);
    }
}
