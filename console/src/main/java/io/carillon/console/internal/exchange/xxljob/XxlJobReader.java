package io.carillon.console.internal.exchange.xxljob;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Reads {@code xxl_job_group} and {@code xxl_job_info} from an xxl-job database, read-only. It takes the columns of
 * every 2.x and 3.x schema: {@code job_cron} (2.0 to 2.2) or {@code schedule_type} and {@code schedule_conf}
 * (from 2.3), {@code job_desc} or {@code name} for the description, {@code title} or {@code name} for the
 * executor's title. Not thread-safe: one read per connection at a time.
 */
final class XxlJobReader {

    /** The most jobs (and executors) one import reads; a database with more is refused rather than cut. */
    static final int MAX_ROWS = 100_000;

    private XxlJobReader() {}

    /**
     * Everything the import needs from the database behind {@code connection}.
     *
     * @throws SQLException when a table is missing or unreadable
     * @throws IllegalStateException when a table has more than {@link #MAX_ROWS} rows
     */
    static XxlJobExport read(Connection connection) throws SQLException {
        return new XxlJobExport(groups(connection), jobs(connection));
    }

    private static List<XxlJobGroup> groups(Connection connection) throws SQLException {
        List<XxlJobGroup> groups = new ArrayList<>();
        try (Statement statement = bounded(connection);
                ResultSet rows = statement.executeQuery("SELECT * FROM xxl_job_group ORDER BY id")) {
            Set<String> columns = columns(rows);
            while (rows.next()) {
                requireBound(groups.size(), "xxl_job_group");
                groups.add(new XxlJobGroup(
                        rows.getInt("id"),
                        rows.getString("app_name"),
                        text(rows, columns, "title", "name"),
                        integer(rows, columns, "address_type") == 1));
            }
        }
        return groups;
    }

    private static List<XxlJobInfo> jobs(Connection connection) throws SQLException {
        List<XxlJobInfo> jobs = new ArrayList<>();
        try (Statement statement = bounded(connection);
                ResultSet rows = statement.executeQuery("SELECT * FROM xxl_job_info ORDER BY id")) {
            Set<String> columns = columns(rows);
            boolean legacyCron = !columns.contains("schedule_type") && columns.contains("job_cron");
            while (rows.next()) {
                requireBound(jobs.size(), "xxl_job_info");
                jobs.add(new XxlJobInfo(
                        rows.getInt("id"),
                        rows.getInt("job_group"),
                        text(rows, columns, "job_desc", "name"),
                        text(rows, columns, "author"),
                        text(rows, columns, "alarm_email"),
                        legacyCron ? "CRON" : text(rows, columns, "schedule_type"),
                        legacyCron ? text(rows, columns, "job_cron") : text(rows, columns, "schedule_conf"),
                        text(rows, columns, "misfire_strategy"),
                        text(rows, columns, "executor_route_strategy"),
                        text(rows, columns, "executor_handler"),
                        text(rows, columns, "executor_param"),
                        text(rows, columns, "executor_block_strategy"),
                        integer(rows, columns, "executor_timeout"),
                        integer(rows, columns, "executor_fail_retry_count"),
                        text(rows, columns, "glue_type"),
                        text(rows, columns, "child_jobid"),
                        integer(rows, columns, "trigger_status")));
            }
        }
        return jobs;
    }

    private static Statement bounded(Connection connection) throws SQLException {
        Statement statement = connection.createStatement();
        statement.setMaxRows(MAX_ROWS + 1);
        return statement;
    }

    private static void requireBound(int read, String table) {
        if (read >= MAX_ROWS) {
            throw new IllegalStateException(table + " has more than " + MAX_ROWS + " rows, the most one import reads");
        }
    }

    private static Set<String> columns(ResultSet rows) throws SQLException {
        ResultSetMetaData meta = rows.getMetaData();
        Set<String> columns = new HashSet<>();
        for (int i = 1; i <= meta.getColumnCount(); i++) {
            columns.add(meta.getColumnLabel(i).toLowerCase(Locale.ROOT));
        }
        return columns;
    }

    /** The first of {@code names} that the table has, as text; null when it has none of them. */
    private static String text(ResultSet rows, Set<String> columns, String... names) throws SQLException {
        for (String name : names) {
            if (columns.contains(name)) {
                return rows.getString(name);
            }
        }
        return null;
    }

    private static int integer(ResultSet rows, Set<String> columns, String name) throws SQLException {
        return columns.contains(name) ? rows.getInt(name) : 0;
    }
}
