package io.carillon.console.internal.retention;

import static io.carillon.console.internal.retention.PartitionedTable.start;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.LocalDate;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The day partitions of {@link PartitionedTable}s, on one connection the caller holds (with the retention lock) and
 * keeps in auto-commit: each step is one short transaction that waits at most {@code lockTimeout} for a table lock.
 * Not thread-safe (one connection).
 */
final class DayPartitions {

    private final Connection connection;
    private final Duration lockTimeout;

    DayPartitions(Connection connection, Duration lockTimeout) {
        this.connection = connection;
        this.lockTimeout = lockTimeout;
    }

    /** The days that have a partition of {@code table}. */
    SortedSet<LocalDate> days(PartitionedTable table) throws SQLException {
        SortedSet<LocalDate> days = new TreeSet<>();
        try (PreparedStatement statement = connection.prepareStatement("SELECT c.relname FROM pg_inherits i"
                + " JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = ?::regclass")) {
            statement.setString(1, table.table);
            try (ResultSet rows = statement.executeQuery()) {
                while (rows.next()) {
                    table.day(rows.getString(1)).ifPresent(days::add);
                }
            }
        }
        return days;
    }

    /**
     * Creates the partition of {@code day}. Rows of that day already in the default partition (a run scheduled
     * beyond the days created ahead) move into it: the default partition is detached, the day created, its rows
     * moved and the default attached again, in one transaction.
     *
     * @return the rows moved out of the default partition
     */
    long create(PartitionedTable table, LocalDate day) throws SQLException {
        String range = table.key + " >= " + start(day) + " AND " + table.key + " < " + start(day.plusDays(1));
        String createDay = "CREATE TABLE " + table.partition(day) + " PARTITION OF " + table.table
                + " FOR VALUES FROM (" + start(day) + ") TO (" + start(day.plusDays(1)) + ")";
        return inTransaction(() -> {
            if (!exists("SELECT EXISTS (SELECT 1 FROM " + table.defaultPartition() + " WHERE " + range + ")")) {
                execute(createDay);
                return 0L;
            }
            String columns = columns(table);
            execute("ALTER TABLE " + table.table + " DETACH PARTITION " + table.defaultPartition());
            execute(createDay);
            long moved = execute("INSERT INTO " + table.table + " (" + columns + ") SELECT " + columns + " FROM "
                    + table.defaultPartition() + " WHERE " + range);
            execute("DELETE FROM " + table.defaultPartition() + " WHERE " + range);
            execute("ALTER TABLE " + table.table + " ATTACH PARTITION " + table.defaultPartition() + " DEFAULT");
            return moved;
        });
    }

    /**
     * Drops the partition of {@code day}.
     *
     * @return the rows it held
     */
    long drop(PartitionedTable table, LocalDate day) throws SQLException {
        return inTransaction(() -> {
            long rows = count("SELECT count(*) FROM " + table.partition(day));
            execute("DROP TABLE " + table.partition(day));
            return rows;
        });
    }

    /**
     * Deletes the rows of the default partition of {@code table} from before {@code day} (runs backfilled into
     * days without a partition, the rows of a default partition past the retention).
     *
     * @return the rows deleted
     */
    long deleteFromDefaultBefore(PartitionedTable table, LocalDate day) throws SQLException {
        return inTransaction(
                () -> execute("DELETE FROM " + table.defaultPartition() + " WHERE " + table.key + " < " + start(day)));
    }

    /**
     * Deletes the log states of runs scheduled before {@code day} (their lines went with their partitions).
     *
     * @return the states deleted
     */
    long deleteLogStatesBefore(LocalDate day) throws SQLException {
        return inTransaction(() -> execute("DELETE FROM run_log_state WHERE run_scheduled_at < " + start(day)));
    }

    /** The columns of {@code table} a row is inserted with (not the generated ones), in order. */
    private String columns(PartitionedTable table) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement("SELECT string_agg(quote_ident(attname),"
                + " ', ' ORDER BY attnum) FROM pg_attribute WHERE attrelid = ?::regclass AND attnum > 0"
                + " AND NOT attisdropped AND attgenerated = ''")) {
            statement.setString(1, table.table);
            try (ResultSet rows = statement.executeQuery()) {
                rows.next();
                return rows.getString(1);
            }
        }
    }

    private <T> T inTransaction(Step<T> step) throws SQLException {
        connection.setAutoCommit(false);
        try {
            execute("SET LOCAL lock_timeout = " + lockTimeout.toMillis());
            T result = step.run();
            connection.commit();
            return result;
        } catch (SQLException | RuntimeException e) {
            connection.rollback();
            throw e;
        } finally {
            connection.setAutoCommit(true);
        }
    }

    private long execute(String sql) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute(sql);
            return Math.max(0, statement.getUpdateCount());
        }
    }

    private boolean exists(String sql) throws SQLException {
        return count("SELECT CASE WHEN (" + sql + ") THEN 1 ELSE 0 END") > 0;
    }

    private long count(String sql) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(sql)) {
            rows.next();
            return rows.getLong(1);
        }
    }

    /** One step of work in a transaction. */
    private interface Step<T> {
        T run() throws SQLException;
    }
}
