package io.carillon.console.internal.retention;

import io.carillon.console.internal.support.SqlTimes;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Optional;

/**
 * A table range partitioned by UTC day of a run's scheduled time (db migration V7): one partition per day named
 * {@code <table>_p<yyyymmdd>}, and {@code <table>_default}.
 */
enum PartitionedTable {
    RUNS("runs", "scheduled_at"),
    RUN_LOGS("run_logs", "run_scheduled_at");

    private static final DateTimeFormatter SUFFIX = DateTimeFormatter.BASIC_ISO_DATE;
    private static final String DAY_MARKER = "_p";

    final String table;
    final String key;

    PartitionedTable(String table, String key) {
        this.table = table;
        this.key = key;
    }

    String partition(LocalDate day) {
        return table + DAY_MARKER + SUFFIX.format(day);
    }

    String defaultPartition() {
        return table + "_default";
    }

    /** The day of partition {@code name} of this table, or empty for a name of another form. */
    Optional<LocalDate> day(String name) {
        String prefix = table + DAY_MARKER;
        if (!name.startsWith(prefix)) {
            return Optional.empty();
        }
        try {
            return Optional.of(LocalDate.parse(name.substring(prefix.length()), SUFFIX));
        } catch (java.time.DateTimeException e) {
            return Optional.empty();
        }
    }

    /** The SQL literal of the first instant of {@code day} (UTC midnight), a partition bound. */
    static String start(LocalDate day) {
        return "'" + SqlTimes.text(day.atStartOfDay(ZoneOffset.UTC).toInstant()) + "'::timestamptz";
    }
}
