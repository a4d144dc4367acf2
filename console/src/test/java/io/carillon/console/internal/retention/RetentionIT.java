package io.carillon.console.internal.retention;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.carillon.console.internal.retention.RetentionTask.RetentionPass;
import io.carillon.testkit.SettableClock;
import io.carillon.testkit.TestDatabase;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The retention task on a real PostgreSQL migrated by the db module: partitions appear ahead and disappear past the
 * retention as an injected clock moves, rows follow their day, and a pass works only while it holds the lock.
 */
class RetentionIT {

    private static final Instant START = Instant.parse("2026-05-10T12:00:00Z");

    private final SettableClock clock = new SettableClock(START);
    private TestDatabase database;
    private JdbcTemplate jdbc;
    private RetentionTask task;

    @BeforeEach
    void migrate() {
        database = TestDatabase.create();
        Flyway.configure()
                .dataSource(database.dataSource())
                .locations("classpath:db/migration")
                .load()
                .migrate();
        jdbc = new JdbcTemplate(database.dataSource());
        task = task(Duration.ofDays(30), Duration.ofDays(7));
    }

    @AfterEach
    void drop() {
        database.close();
    }

    @Test
    void createsTheDaysAheadAndDropsThemPastTheRetention() {
        RetentionPass first = task.runPass();

        assertThat(first.worked()).isTrue();
        assertThat(first.dropped()).isEmpty();
        assertThat(days("runs"))
                .containsExactly("runs_p20260510", "runs_p20260511", "runs_p20260512", "runs_p20260513");
        assertThat(days("run_logs")).hasSize(4).startsWith("run_logs_p20260510").endsWith("run_logs_p20260513");
        assertThat(task.runPass().created()).isEmpty();

        clock.advance(Duration.ofDays(2));
        assertThat(task.runPass().created())
                .containsExactly("runs_p20260514", "runs_p20260515", "run_logs_p20260514", "run_logs_p20260515");

        clock.advance(Duration.ofDays(30));
        RetentionPass later = task.runPass();

        assertThat(later.dropped())
                .containsExactly(
                        "runs_p20260510",
                        "runs_p20260511",
                        "run_logs_p20260510",
                        "run_logs_p20260511",
                        "run_logs_p20260512",
                        "run_logs_p20260513",
                        "run_logs_p20260514",
                        "run_logs_p20260515");
        assertThat(days("runs"))
                .startsWith("runs_p20260512")
                .endsWith("runs_p20260614")
                .hasSize(8);
        assertThat(days("run_logs"))
                .containsExactly(
                        "run_logs_p20260611", "run_logs_p20260612", "run_logs_p20260613", "run_logs_p20260614");
    }

    @Test
    void dropsADaysLogsWithTheirStatesAndKeepsTheOthers() {
        task.runPass();
        run("old@1#0", "2026-05-10T23:00:00Z");
        run("kept@1#0", "2026-05-11T00:00:00Z");
        execute(
                "INSERT INTO run_logs (run_id, seq, run_scheduled_at, message) VALUES"
                        + " ('old@1#0', 1, '2026-05-10T23:00:00Z', 'old line'), ('kept@1#0', 1, '2026-05-11T00:00:00Z', 'kept')");
        execute("INSERT INTO run_log_state (run_id, last_seq, lines, bytes, cut_lines, updated_at, run_scheduled_at)"
                + " VALUES ('old@1#0', 1, 1, 8, 0, now(), '2026-05-10T23:00:00Z'),"
                + " ('kept@1#0', 1, 1, 4, 0, now(), '2026-05-11T00:00:00Z')");

        clock.set(Instant.parse("2026-05-18T12:00:00Z"));
        assertThat(task.runPass().dropped()).containsExactly("run_logs_p20260510");

        assertThat(strings("SELECT run_id FROM runs ORDER BY run_id")).containsExactly("kept@1#0", "old@1#0");
        assertThat(strings("SELECT run_id FROM run_logs")).containsExactly("kept@1#0");
        assertThat(strings("SELECT run_id FROM run_log_state")).containsExactly("kept@1#0");

        clock.set(Instant.parse("2026-06-10T12:00:00Z"));
        assertThat(task.runPass().dropped()).contains("runs_p20260510").doesNotContain("runs_p20260511");
        assertThat(strings("SELECT run_id FROM runs")).containsExactly("kept@1#0");
    }

    @Test
    void movesTheRowsOfADayFromTheDefaultPartitionIntoTheDayWhenItIsCreated() {
        task.runPass();
        run("ahead@1#0", "2026-05-25T08:00:00Z");
        run("backfilled@1#0", "2025-01-01T08:00:00Z");
        assertThat(strings("SELECT tableoid::regclass::text FROM runs ORDER BY run_id"))
                .containsExactly("runs_default", "runs_default");

        clock.advance(Duration.ofDays(15));
        task.runPass();

        assertThat(strings("SELECT tableoid::regclass || ' ' || run_id || ' ' || lateness_ms FROM runs"))
                .containsExactly("runs_p20260525 ahead@1#0 0");
    }

    @Test
    void worksOnlyWhileItHoldsTheLockSoTwoConsolesNeverWorkAtOnce() throws SQLException {
        RetentionTask otherConsole = task(Duration.ofDays(30), Duration.ofDays(7));
        try (Connection holder = database.dataSource().getConnection();
                Statement statement = holder.createStatement()) {
            statement.execute("SELECT pg_advisory_lock(hashtext('" + RetentionTask.LOCK_NAME + "'))");

            assertThat(task.runPass()).isEqualTo(RetentionPass.NOT_LOCKED);
            assertThat(otherConsole.runPass().worked()).isFalse();
            assertThat(days("runs")).isEmpty();

            statement.execute("SELECT pg_advisory_unlock(hashtext('" + RetentionTask.LOCK_NAME + "'))");
        }
        assertThat(otherConsole.runPass().worked()).isTrue();
        assertThat(task.runPass().worked()).isTrue();
        assertThat(days("runs")).hasSize(4);
    }

    @Test
    void refusesRetentionsShorterThanADayAndLogsKeptLongerThanRuns() {
        assertThatThrownBy(() -> task(Duration.ofHours(1), Duration.ofHours(1)))
                .hasMessageContaining("carillon.console.retention.runs and .logs must be at least one day");
        assertThatThrownBy(() -> task(Duration.ofDays(7), Duration.ofDays(8)))
                .hasMessageContaining("carillon.console.retention.logs (PT192H) must not be longer");
    }

    private RetentionTask task(Duration runs, Duration logs) {
        RetentionProperties settings = new RetentionProperties();
        settings.setRuns(runs);
        settings.setLogs(logs);
        settings.setDaysAhead(3);
        return new RetentionTask(jdbc, clock, settings);
    }

    private void run(String runId, String scheduledAt) {
        execute("INSERT INTO runs (run_id, job_id, attempt, shard_index, shard_total, status, scheduled_at,"
                + " started_at, updated_at) VALUES ('" + runId + "', 'j', 1, 0, 1, 'STARTED', '" + scheduledAt
                + "', '" + scheduledAt + "', now())");
    }

    private List<String> days(String table) {
        return strings("SELECT c.relname::text FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid"
                + " WHERE i.inhparent = '" + table + "'::regclass AND c.relname <> '" + table + "_default'"
                + " ORDER BY c.relname");
    }

    private List<String> strings(String sql) {
        return jdbc.queryForList(sql, String.class);
    }

    private void execute(String sql) {
        jdbc.execute(sql);
    }
}
