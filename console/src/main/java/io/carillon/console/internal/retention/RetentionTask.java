package io.carillon.console.internal.retention;

import io.carillon.console.internal.support.PeriodicTask;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.ConnectionCallback;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Keeps the day partitions of {@code runs} and {@code run_logs}: every {@code carillon.console.retention.interval}
 * (first at start) a pass creates the partitions of today and of {@code days-ahead} days after it (by the injected
 * Clock, in UTC; an earlier day without a partition, of a backfill say, lands in the default partition), drops the
 * days that ended more than the retention ago, deletes the rows of such days from the default partitions and the
 * log states of runs of dropped days, and logs what it dropped. Every console instance runs the task; a pass works only while it holds the PostgreSQL advisory lock
 * {@link #LOCK_NAME} (a session lock on the connection the pass uses), so two instances never work at once: the
 * other one's pass does nothing. Thread-safe: passes run one at a time on the task's thread, {@link #runPass} may be
 * called from any thread.
 */
@Component
class RetentionTask extends PeriodicTask {

    /** Names the advisory lock ({@code hashtext} of it) a pass holds while it works. */
    static final String LOCK_NAME = "carillon-console-retention";

    private static final Logger log = LoggerFactory.getLogger(RetentionTask.class);

    private final JdbcTemplate jdbc;
    private final Clock clock;
    private final RetentionProperties settings;

    public RetentionTask(JdbcTemplate jdbc, Clock clock, RetentionProperties retentionProperties) {
        this.jdbc = jdbc;
        this.clock = clock;
        this.settings = validated(retentionProperties);
        runEvery(
                "retention",
                settings.getInterval(),
                settings.getLockTimeout().multipliedBy(PartitionedTable.values().length),
                this::runPass);
    }

    private static RetentionProperties validated(RetentionProperties settings) {
        Duration day = Duration.ofDays(1);
        if (settings.getRuns().compareTo(day) < 0 || settings.getLogs().compareTo(day) < 0) {
            throw new IllegalArgumentException("carillon.console.retention.runs and .logs must be at least one day,"
                    + " were " + settings.getRuns() + " and " + settings.getLogs());
        }
        if (settings.getLogs().compareTo(settings.getRuns()) > 0) {
            throw new IllegalArgumentException("carillon.console.retention.logs (" + settings.getLogs()
                    + ") must not be longer than carillon.console.retention.runs (" + settings.getRuns() + ")");
        }
        if (settings.getDaysAhead() < 1) {
            throw new IllegalArgumentException(
                    "carillon.console.retention.days-ahead must be at least 1, was " + settings.getDaysAhead());
        }
        if (settings.getInterval().isNegative()
                || settings.getInterval().isZero()
                || settings.getLockTimeout().isNegative()
                || settings.getLockTimeout().isZero()) {
            throw new IllegalArgumentException("carillon.console.retention.interval and .lock-timeout must be"
                    + " positive, were " + settings.getInterval() + " and " + settings.getLockTimeout());
        }
        return settings;
    }

    /**
     * Runs one pass on the caller's thread, unless another pass (of this or another console instance) holds the
     * lock: then it does nothing and says so.
     */
    public RetentionPass runPass() {
        return jdbc.execute((ConnectionCallback<RetentionPass>) connection -> {
            if (!lock(connection, "pg_try_advisory_lock")) {
                log.debug("retention: another console instance holds the lock, nothing to do");
                return RetentionPass.NOT_LOCKED;
            }
            try {
                return work(new DayPartitions(connection, settings.getLockTimeout()));
            } finally {
                lock(connection, "pg_advisory_unlock");
            }
        });
    }

    private RetentionPass work(DayPartitions partitions) throws SQLException {
        Instant now = clock.instant();
        LocalDate today = LocalDate.ofInstant(now, ZoneOffset.UTC);
        LocalDate lastAhead = today.plusDays(settings.getDaysAhead());
        List<String> created = new ArrayList<>();
        List<String> dropped = new ArrayList<>();
        for (PartitionedTable table : PartitionedTable.values()) {
            Duration retention = table == PartitionedTable.RUNS ? settings.getRuns() : settings.getLogs();
            LocalDate oldestKept = LocalDate.ofInstant(now.minus(retention), ZoneOffset.UTC);
            SortedSet<LocalDate> days = partitions.days(table);
            for (LocalDate day : days.headSet(oldestKept)) {
                long rows = partitions.drop(table, day);
                dropped.add(table.partition(day));
                log.info("retention: dropped {} ({} rows of {}, kept {})", table.partition(day), rows, day, retention);
            }
            for (LocalDate day = today; !day.isAfter(lastAhead); day = day.plusDays(1)) {
                if (!days.contains(day)) {
                    long moved = partitions.create(table, day);
                    created.add(table.partition(day));
                    if (moved > 0) {
                        log.info(
                                "retention: moved {} rows of {} from {} into {}",
                                moved,
                                day,
                                table.defaultPartition(),
                                table.partition(day));
                    }
                }
            }
            long deleted = partitions.deleteFromDefaultBefore(table, oldestKept);
            if (deleted > 0) {
                log.info(
                        "retention: deleted {} rows from before {} from {}",
                        deleted,
                        oldestKept,
                        table.defaultPartition());
            }
            if (table == PartitionedTable.RUN_LOGS) {
                partitions.deleteLogStatesBefore(oldestKept);
            }
        }
        if (!created.isEmpty()) {
            log.info("retention: created {}", created);
        }
        return new RetentionPass(true, created, dropped);
    }

    private static boolean lock(Connection connection, String function) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement("SELECT " + function + "(hashtext(?))")) {
            statement.setString(1, LOCK_NAME);
            try (ResultSet rows = statement.executeQuery()) {
                rows.next();
                return rows.getBoolean(1);
            }
        }
    }

    /**
     * What one pass did.
     *
     * @param worked false when another pass held the lock (then nothing was done)
     * @param created the partitions created
     * @param dropped the partitions dropped
     */
    public record RetentionPass(boolean worked, List<String> created, List<String> dropped) {

        static final RetentionPass NOT_LOCKED = new RetentionPass(false, List.of(), List.of());

        public RetentionPass {
            created = List.copyOf(created);
            dropped = List.copyOf(dropped);
        }
    }
}
