package io.carillon.bench.internal;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.PrintStream;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;

/**
 * A fresh PostgreSQL database for one run, created on the server of the admin JDBC URL and dropped on
 * {@link #close()}. When the default server is not reachable (and no URL was given) an embedded PostgreSQL is
 * started instead. Use from one thread.
 */
public final class BenchDatabase implements AutoCloseable {

    private static final String TERMINAL_STATUSES =
            "('SUCCEEDED','FAILED','TIMED_OUT','KILLED','SKIPPED','LOST','NO_WORKER')";

    private final String adminUrl;
    private final String user;
    private final String password;
    private final String name;
    private final EmbeddedPostgres embedded;
    private final PrintStream progress;

    private BenchDatabase(
            String adminUrl, String user, String password, EmbeddedPostgres embedded, PrintStream progress) {
        this.progress = progress;
        this.adminUrl = adminUrl;
        this.user = user;
        this.password = password;
        this.embedded = embedded;
        this.name = "carillon_bench_"
                + UUID.randomUUID().toString().replace("-", "").substring(0, 12).toLowerCase(Locale.ROOT);
    }

    /**
     * Creates the run's database on the server of {@code options}, or on an embedded server when the default one
     * cannot be reached.
     *
     * @throws IllegalStateException when no database can be created
     */
    public static BenchDatabase create(BenchOptions options, PrintStream progress) {
        BenchDatabase database =
                new BenchDatabase(options.jdbcUrl(), options.jdbcUser(), options.jdbcPassword(), null, progress);
        try {
            database.execute("CREATE DATABASE " + database.name);
            progress.println("PostgreSQL: database " + database.name + " on " + options.jdbcUrl());
            return database;
        } catch (SQLException e) {
            if (options.jdbcUrlGiven()) {
                throw new IllegalStateException(
                        "could not create a database on --jdbc-url " + options.jdbcUrl() + " as " + options.jdbcUser()
                                + ": " + e.getMessage(),
                        e);
            }
            progress.println("PostgreSQL at " + options.jdbcUrl() + " not usable (" + e.getMessage()
                    + "); starting an embedded one");
        }
        return createEmbedded(progress);
    }

    private static BenchDatabase createEmbedded(PrintStream progress) {
        EmbeddedPostgres postgres;
        try {
            postgres = EmbeddedPostgres.builder().start();
        } catch (IOException e) {
            throw new IllegalStateException(
                    "could not start embedded PostgreSQL; pass --jdbc-url of a server: " + e.getMessage(), e);
        }
        BenchDatabase database =
                new BenchDatabase(postgres.getJdbcUrl("postgres", "postgres"), "postgres", "", postgres, progress);
        try {
            database.execute("CREATE DATABASE " + database.name);
        } catch (SQLException e) {
            database.close();
            throw new IllegalStateException("could not create a database on embedded PostgreSQL: " + e.getMessage(), e);
        }
        progress.println("PostgreSQL: embedded, database " + database.name);
        return database;
    }

    public String jdbcUrl() {
        int queryStart = adminUrl.indexOf('?');
        String base = queryStart < 0 ? adminUrl : adminUrl.substring(0, queryStart);
        String query = queryStart < 0 ? "" : adminUrl.substring(queryStart);
        return base.substring(0, base.lastIndexOf('/') + 1) + name + query;
    }

    public String user() {
        return user;
    }

    public String password() {
        return password;
    }

    public boolean embedded() {
        return embedded != null;
    }

    /**
     * Runs whose status is terminal, of jobs whose id starts with {@code jobIdPrefix}, scheduled in
     * [{@code from}, {@code to}).
     */
    public long terminalRuns(String jobIdPrefix, Instant from, Instant to) throws SQLException {
        try (Connection connection = DriverManager.getConnection(jdbcUrl(), user, password);
                PreparedStatement query = connection.prepareStatement("SELECT count(*) FROM runs WHERE status IN "
                        + TERMINAL_STATUSES + " AND job_id LIKE ? AND scheduled_at >= ? AND scheduled_at < ?")) {
            query.setString(1, jobIdPrefix + "%");
            query.setTimestamp(2, Timestamp.from(from));
            query.setTimestamp(3, Timestamp.from(to));
            try (ResultSet rows = query.executeQuery()) {
                rows.next();
                return rows.getLong(1);
            }
        }
    }

    /**
     * Runs of jobs whose id starts with {@code jobIdPrefix}, scheduled in [{@code from}, {@code to}), counted by
     * {@code <status>/<attempt>}.
     */
    public Map<String, Long> runsByStatus(String jobIdPrefix, Instant from, Instant to) throws SQLException {
        try (Connection connection = DriverManager.getConnection(jdbcUrl(), user, password);
                PreparedStatement query = connection.prepareStatement("SELECT status || '/' || attempt, count(*) "
                        + "FROM runs WHERE job_id LIKE ? AND scheduled_at >= ? AND scheduled_at < ? GROUP BY 1")) {
            query.setString(1, jobIdPrefix + "%");
            query.setTimestamp(2, Timestamp.from(from));
            query.setTimestamp(3, Timestamp.from(to));
            Map<String, Long> counts = new TreeMap<>();
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    counts.put(rows.getString(1), rows.getLong(2));
                }
            }
            return counts;
        }
    }

    /** Drops the database (with FORCE) and stops the embedded server if there is one. */
    @Override
    public void close() {
        try {
            execute("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
        } catch (SQLException e) {
            progress.println("could not drop database " + name + ": " + e.getMessage());
        }
        if (embedded != null) {
            try {
                embedded.close();
            } catch (IOException e) {
                progress.println("could not stop embedded PostgreSQL: " + e.getMessage());
            }
        }
    }

    private void execute(String sql) throws SQLException {
        try (Connection connection = DriverManager.getConnection(adminUrl, user, password);
                Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }
}
