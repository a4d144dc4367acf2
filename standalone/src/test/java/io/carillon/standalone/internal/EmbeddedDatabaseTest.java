package io.carillon.standalone.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.carillon.standalone.DataDirInUseException;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The embedded PostgreSQL of the standalone: durable settings, and what a killed predecessor leaves behind. */
class EmbeddedDatabaseTest {

    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(30);

    @TempDir
    Path dataDir;

    @Test
    void isDurableByDefaultAndFastOnlyWhenAskedTo() throws Exception {
        try (EmbeddedPostgres durable = EmbeddedDatabase.start(dataDir.resolve("durable"), true)) {
            assertThat(setting(durable, "fsync")).isEqualTo("on");
            assertThat(setting(durable, "synchronous_commit")).isEqualTo("on");
            assertThat(setting(durable, "full_page_writes")).isEqualTo("on");
        }
        try (EmbeddedPostgres fast = EmbeddedDatabase.start(dataDir.resolve("fast"), false)) {
            assertThat(setting(fast, "fsync")).isEqualTo("off");
            assertThat(setting(fast, "synchronous_commit")).isEqualTo("off");
        }
    }

    @Test
    void aPostgresLeftRunningOnTheFolderIsStoppedAndTheDataKept() throws Exception {
        Path postgresDir = dataDir.resolve("postgres");
        EmbeddedPostgres orphan = EmbeddedDatabase.start(postgresDir, true);
        execute(orphan, "create table kept (id int); insert into kept values (42)");
        long pid = Long.parseLong(Files.readAllLines(postgresDir.resolve(OrphanedPostmaster.PID_FILE))
                .get(0)
                .trim());
        ProcessHandle postmaster = ProcessHandle.of(pid).orElseThrow();
        assertThat(OrphanedPostmaster.isPostmasterOf(postmaster, postgresDir)).isTrue();

        OrphanedPostmaster.clear(postgresDir, STOP_TIMEOUT);

        assertThat(postmaster.isAlive()).isFalse();
        assertThat(postgresDir.resolve(OrphanedPostmaster.PID_FILE)).doesNotExist();
        orphan.close();
        try (EmbeddedPostgres restarted = EmbeddedDatabase.start(postgresDir, true)) {
            assertThat(query(restarted, "select id from kept")).isEqualTo("42");
        }
    }

    @Test
    void aPidFileWhoseProcessIsGoneOrIsNoPostgresIsRemovedAndNothingKilled() throws Exception {
        Path postgresDir = Files.createDirectories(dataDir.resolve("postgres"));
        Path pidFile = postgresDir.resolve(OrphanedPostmaster.PID_FILE);
        Process gone = new ProcessBuilder(javaCommand(), "-version").start();
        gone.waitFor();
        Files.writeString(pidFile, gone.pid() + "\n" + postgresDir + "\n", StandardCharsets.UTF_8);
        OrphanedPostmaster.clear(postgresDir, STOP_TIMEOUT);
        assertThat(pidFile).doesNotExist();

        Files.writeString(pidFile, ProcessHandle.current().pid() + "\n" + postgresDir + "\n", StandardCharsets.UTF_8);
        OrphanedPostmaster.clear(postgresDir, STOP_TIMEOUT);
        assertThat(pidFile).as("a pid reused by a process that is no postgres").doesNotExist();

        Files.writeString(pidFile, "", StandardCharsets.UTF_8);
        OrphanedPostmaster.clear(postgresDir, STOP_TIMEOUT);
        assertThat(pidFile).as("a pid file cut short").doesNotExist();
    }

    @Test
    void aLockedDataFolderIsRefusedNamingTheFolderAndTheHolder() {
        try (DataDirLock held = DataDirLock.acquire(dataDir)) {
            assertThatThrownBy(() -> DataDirLock.acquire(dataDir))
                    .isInstanceOf(DataDirInUseException.class)
                    .hasMessageContaining("the data folder " + dataDir + " is in use by another Carillon standalone"
                            + " (pid " + ProcessHandle.current().pid() + ")")
                    .hasMessageContaining("--carillon.standalone.data-dir");
        }
        DataDirLock.acquire(dataDir).close();
    }

    private static String javaCommand() {
        return ProcessHandle.current().info().command().orElseThrow();
    }

    private static String setting(EmbeddedPostgres postgres, String name) throws SQLException {
        return query(postgres, "show " + name);
    }

    private static String query(EmbeddedPostgres postgres, String sql) throws SQLException {
        try (Connection connection = postgres.getPostgresDatabase().getConnection();
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(sql)) {
            return rows.next() ? rows.getString(1) : null;
        }
    }

    private static void execute(EmbeddedPostgres postgres, String sql) throws SQLException {
        try (Connection connection = postgres.getPostgresDatabase().getConnection();
                Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }
}
