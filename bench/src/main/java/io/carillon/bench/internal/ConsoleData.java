package io.carillon.bench.internal;

import io.carillon.topics.EventSerdes;
import io.carillon.topics.events.Schedule;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The data of the {@code console} workload, written straight into the console's migrated database with
 * {@code generate_series}: N jobs over {@value #APPS} apps, and M runs spread evenly over the {@code days} days before
 * today (UTC), each day loaded into a table of its own and attached as that day's partition of {@code runs} (so
 * indexes are built once per day, not row by row), with {@value #LINES_PER_LOG} log lines for every
 * {@value #LOG_EVERY}th run. Run k of day d belongs to job {@code (k * STRIDE + d) mod N + 1}, is scheduled at
 * {@code day start + k * 86,400,000 / runs of the day} ms and is SUCCEEDED, or FAILED when k is a multiple of
 * {@value #FAILED_EVERY}; {@link #runId} computes a run's id from the same rule.
 */
final class ConsoleData {

    static final int APPS = 10;
    static final String APP_PREFIX = "bench-app-";
    static final int LOG_EVERY = 1000;
    static final int LINES_PER_LOG = 20;
    static final int FAILED_EVERY = 20;
    private static final String CRON = "0 0 2 * * ?";
    private static final int STRIDE = 7919;
    private static final int INSTANCES = 8;
    private static final long DAY_MS = 86_400_000L;
    private static final int MAX_LATENESS_MS = 50;
    private static final int MAX_DURATION_MS = 5000;
    private static final DateTimeFormatter SUFFIX = DateTimeFormatter.BASIC_ISO_DATE;
    private static final String RUN_COLUMNS = "run_id, fire_id, job_id, app, handler, kind, attempt, shard_index,"
            + " shard_total, status, instance, scheduled_at, started_at, finished_at, message, error_class,"
            + " updated_at";

    private final BenchDatabase database;
    private final int jobs;
    private final int runsPerDay;
    private final LocalDate firstDay;
    private final int days;

    ConsoleData(BenchDatabase database, int jobs, long runs, int days, Instant now) {
        this.database = database;
        this.jobs = jobs;
        this.days = days;
        this.runsPerDay = (int) (runs / days);
        this.firstDay = LocalDate.ofInstant(now, ZoneOffset.UTC).minusDays(days);
    }

    int jobs() {
        return jobs;
    }

    int days() {
        return days;
    }

    long runs() {
        return (long) runsPerDay * days;
    }

    String jobId(int index) {
        return BenchJobs.ID_PREFIX + String.format("%06d", index);
    }

    String app(int jobIndex) {
        return APP_PREFIX + jobIndex % APPS;
    }

    /** The id of run {@code k} of day {@code day} (0 = the first day). */
    String runId(int day, int k) {
        int job = (int) (((long) k * STRIDE + day) % jobs) + 1;
        return jobId(job) + "@" + (dayStart(day).toEpochMilli() + k * DAY_MS / runsPerDay) + "#0";
    }

    /** A random run of the data; with a log when {@code withLog}. */
    String randomRunId(boolean withLog) {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        int k = random.nextInt(runsPerDay);
        return runId(random.nextInt(days), withLog ? k - k % LOG_EVERY : k);
    }

    Instant dayStart(int day) {
        return firstDay.plusDays(day).atStartOfDay(ZoneOffset.UTC).toInstant();
    }

    /** Writes the apps and jobs, then each day's runs and logs, reporting each day to {@code progress}. */
    void load(Progress progress, WallClock clock) {
        try (Connection connection =
                DriverManager.getConnection(database.jdbcUrl(), database.user(), database.password())) {
            loadJobs(connection);
            progress.say(clock.now(), jobs + " jobs written");
            for (int day = 0; day < days; day++) {
                loadDay(connection, day);
                progress.say(clock.now(), "day " + (day + 1) + "/" + days + ": " + runsPerDay + " runs written");
            }
            execute(connection, "ANALYZE jobs", "ANALYZE runs", "ANALYZE run_logs", "ANALYZE run_log_state");
        } catch (SQLException e) {
            throw new IllegalStateException("could not load the console's data: " + e.getMessage(), e);
        }
    }

    /** The disk size in MB of {@code table}'s partitions, indexes included. */
    long sizeMb(String table) {
        try (Connection connection =
                        DriverManager.getConnection(database.jdbcUrl(), database.user(), database.password());
                PreparedStatement statement = connection.prepareStatement("SELECT sum(pg_total_relation_size("
                        + "i.inhrelid)) / (1024 * 1024) FROM pg_inherits i WHERE i.inhparent = ?::regclass")) {
            statement.setString(1, table);
            try (var rows = statement.executeQuery()) {
                rows.next();
                return rows.getLong(1);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("could not size " + table + ": " + e.getMessage(), e);
        }
    }

    private void loadJobs(Connection connection) throws SQLException {
        String template = EventSerdes.JOB.toJson(
                BenchJobs.of(1, i -> Schedule.cron(CRON, "UTC")).get(0));
        execute(
                connection,
                "INSERT INTO apps (name, created_at) SELECT '" + APP_PREFIX + "' || a, now()"
                        + " FROM generate_series(0, " + (APPS - 1) + ") a");
        try (PreparedStatement statement = connection.prepareStatement("INSERT INTO jobs (id, app, handler,"
                + " definition, version, enabled, created_at, updated_at) SELECT id, app, 'noop',"
                + " jsonb_set(jsonb_set(?::jsonb, '{id}', to_jsonb(id)), '{app}', to_jsonb(app)), 1, true, now(),"
                + " now() FROM (SELECT '" + BenchJobs.ID_PREFIX + "' || lpad(i::text, 6, '0') AS id, '"
                + APP_PREFIX + "' || (i % " + APPS + ") AS app FROM generate_series(1, ?) i) j")) {
            statement.setString(1, template);
            statement.setInt(2, jobs);
            statement.executeUpdate();
        }
    }

    private void loadDay(Connection connection, int day) throws SQLException {
        String suffix = SUFFIX.format(firstDay.plusDays(day));
        String from = "'" + dayStart(day) + "'";
        String to = "'" + dayStart(day + 1) + "'";
        String job = "((k::bigint * " + STRIDE + " + " + day + ") % " + jobs + " + 1)";
        String scheduled = "(" + from + "::timestamptz + (k::bigint * " + DAY_MS + " / " + runsPerDay
                + ") * interval '1 millisecond')";
        String runId = "'" + BenchJobs.ID_PREFIX + "' || lpad(" + job + "::text, 6, '0') || '@' || ("
                + dayStart(day).toEpochMilli() + " + k::bigint * " + DAY_MS + " / " + runsPerDay + ") || '#0'";
        String started = scheduled + " + (k % " + MAX_LATENESS_MS + ") * interval '1 millisecond'";
        execute(
                connection,
                "CREATE TABLE runs_p" + suffix + " (LIKE runs INCLUDING DEFAULTS INCLUDING GENERATED)",
                "INSERT INTO runs_p" + suffix + " (" + RUN_COLUMNS + ") SELECT " + runId + ", left(" + runId
                        + ", -2), '" + BenchJobs.ID_PREFIX + "' || lpad(" + job + "::text, 6, '0'), '" + APP_PREFIX
                        + "' || (" + job
                        + " % " + APPS + "), 'noop', 'SCHEDULED', 1, 0, 1, CASE WHEN k % " + FAILED_EVERY
                        + " = 0 THEN 'FAILED' ELSE 'SUCCEEDED' END, 'worker-' || (k % " + INSTANCES + "), "
                        + scheduled + ", " + started + ", " + started + " + (k % " + MAX_DURATION_MS
                        + ") * interval '1 millisecond', CASE WHEN k % " + FAILED_EVERY + " = 0 THEN 'failed'"
                        + " ELSE 'ok' END, CASE WHEN k % " + FAILED_EVERY
                        + " = 0 THEN 'java.lang.IllegalStateException'"
                        + " END, " + started + " FROM generate_series(0, " + (runsPerDay - 1) + ") k",
                "ALTER TABLE runs ATTACH PARTITION runs_p" + suffix + " FOR VALUES FROM (" + from + ") TO (" + to + ")",
                "CREATE TABLE run_logs_p" + suffix + " PARTITION OF run_logs FOR VALUES FROM (" + from + ") TO (" + to
                        + ")",
                "INSERT INTO run_log_state (run_id, job_id, last_seq, lines, bytes, cut_lines, updated_at,"
                        + " run_scheduled_at) SELECT " + runId + ", '" + BenchJobs.ID_PREFIX + "' || lpad(" + job
                        + "::text, 6, '0'), "
                        + LINES_PER_LOG + ", " + LINES_PER_LOG + ", 0, 0, " + started + ", " + scheduled
                        + " FROM generate_series(0, " + (runsPerDay - 1) + ", " + LOG_EVERY + ") k",
                "INSERT INTO run_logs (run_id, seq, run_scheduled_at, at, level, instance, message) SELECT " + runId
                        + ", s, " + scheduled + ", " + started + ", 'INFO', 'worker-' || (k % " + INSTANCES + "),"
                        + " 'line ' || s || ' of the bench run' FROM generate_series(0, " + (runsPerDay - 1) + ", "
                        + LOG_EVERY + ") k CROSS JOIN generate_series(1, " + LINES_PER_LOG + ") s");
    }

    private static void execute(Connection connection, String... statements) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            for (String sql : List.of(statements)) {
                statement.execute(sql);
            }
        }
    }
}
