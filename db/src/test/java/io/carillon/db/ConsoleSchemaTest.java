package io.carillon.db;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.carillon.testkit.TestDatabase;
import java.sql.SQLException;
import java.util.List;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class ConsoleSchemaTest {

    private static TestDatabase database;

    @BeforeAll
    static void migrate() {
        database = TestDatabase.create();
        Flyway.configure()
                .dataSource(database.dataSource())
                .locations("classpath:db/migration")
                .load()
                .migrate();
    }

    @AfterAll
    static void drop() {
        database.close();
    }

    @Test
    void createsTheConsoleTables() throws SQLException {
        assertThat(query("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'"
                        + " AND table_name <> 'flyway_schema_history' ORDER BY table_name"))
                .containsExactly(
                        "alert_rules",
                        "api_tokens",
                        "app_declarations",
                        "apps",
                        "audit_log",
                        "calendars",
                        "concurrency_limits",
                        "deliveries",
                        "incident_events",
                        "incidents",
                        "job_outbox",
                        "job_pauses",
                        "jobs",
                        "notification_channels",
                        "run_log_state",
                        "run_logs",
                        "run_logs_default",
                        "run_stats",
                        "runs",
                        "runs_default",
                        "token_grants",
                        "user_grants",
                        "users",
                        "workflow_instances",
                        "workflows");
    }

    @Test
    void partitionsRunsAndTheirLogsByScheduledTimeWithADefaultPartition() throws SQLException {
        assertThat(query("SELECT c.relname || ':' || pg_get_partkeydef(c.oid) FROM pg_partitioned_table p"
                        + " JOIN pg_class c ON c.oid = p.partrelid ORDER BY c.relname"))
                .containsExactly("run_logs:RANGE (run_scheduled_at)", "runs:RANGE (scheduled_at)");
        assertThat(query("SELECT c.relname || ':' || pg_get_expr(c.relpartbound, c.oid) FROM pg_class c"
                        + " WHERE c.relispartition AND c.relkind = 'r' ORDER BY c.relname"))
                .containsExactly("run_logs_default:DEFAULT", "runs_default:DEFAULT");
    }

    @Test
    void derivesLatenessFromStartAndScheduledTime() throws SQLException {
        execute("INSERT INTO runs (run_id, job_id, attempt, shard_index, shard_total, status, scheduled_at,"
                + " started_at, updated_at) VALUES ('late@1#0', 'late', 1, 0, 1, 'STARTED',"
                + " '2026-01-01T00:00:00Z', '2026-01-01T00:00:01.2345Z', '2026-01-01T00:00:02Z')");

        assertThat(query("SELECT lateness_ms FROM runs WHERE run_id = 'late@1#0'"))
                .containsExactly("1234");
    }

    @Test
    void refusesToChangeOrDeleteAuditEntries() throws SQLException {
        execute("INSERT INTO audit_log (at, actor, action, target_type, target, outcome)"
                + " VALUES ('2026-01-01T00:00:00Z', 'admin', 'JOB_CREATE', 'JOB', 'a', 'OK')");

        assertThatThrownBy(() -> execute("UPDATE audit_log SET actor = 'someone else'"))
                .hasMessageContaining("append-only");
        assertThatThrownBy(() -> execute("DELETE FROM audit_log")).hasMessageContaining("append-only");
        assertThat(query("SELECT actor FROM audit_log")).containsExactly("admin");
    }

    @Test
    void numbersOutboxRowsInInsertOrder() throws SQLException {
        execute("INSERT INTO job_outbox (job_id, version, payload, created_at) VALUES"
                + " ('a', 1, '{\"id\":\"a\"}', '2026-01-01T00:00:00Z'), ('a', 2, NULL, '2026-01-01T00:00:00Z')");

        assertThat(query("SELECT version || ':' || coalesce(payload->>'id', 'tombstone') FROM job_outbox"
                        + " WHERE published_at IS NULL ORDER BY seq"))
                .containsExactly("1:a", "2:tombstone");
    }

    @Test
    void keysTheRetriesOfAFireAndShardByTheirFirstAttempt() throws SQLException {
        execute("INSERT INTO runs (run_id, job_id, attempt, shard_index, shard_total, status, scheduled_at,"
                + " updated_at) SELECT run_id, job_id, attempt, shard_index, shard_total, status,"
                + " '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z' FROM (VALUES"
                + " ('c@1#0', 'c', 1, 0, 1, 'FAILED'),"
                + " ('c@1~2#0', 'c', 2, 0, 1, 'FAILED'),"
                + " ('c@1~3#0', 'c', 3, 0, 1, 'SUCCEEDED'),"
                + " ('c@2#0', 'c', 1, 0, 1, 'FAILED'),"
                + " ('c@1#1', 'c', 1, 1, 2, 'FAILED'),"
                + " ('c@1#1~2#1', 'c', 2, 1, 2, 'SUCCEEDED'),"
                + " ('c@1~2#0>child#0', 'child', 1, 0, 1, 'SUCCEEDED'))"
                + " AS v (run_id, job_id, attempt, shard_index, shard_total, status)");

        assertThat(query("SELECT run_id || '=' || regexp_replace(run_id, '(#[0-9]+)?~[0-9]+(#[0-9]+)$', '\\2')"
                        + " FROM runs ORDER BY run_id"))
                .containsExactly(
                        "c@1#0=c@1#0",
                        "c@1#1=c@1#1",
                        "c@1#1~2#1=c@1#1",
                        "c@1~2#0=c@1#0",
                        "c@1~2#0>child#0=c@1~2#0>child#0",
                        "c@1~3#0=c@1#0",
                        "c@2#0=c@2#0");
    }

    private static void execute(String sql) throws SQLException {
        Sql.execute(database.dataSource(), sql);
    }

    private static List<String> query(String sql) throws SQLException {
        return Sql.query(database.dataSource(), sql);
    }
}
