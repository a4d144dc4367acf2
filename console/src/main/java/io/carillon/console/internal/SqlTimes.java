package io.carillon.console.internal;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

/** Converts between {@link Instant} and PostgreSQL {@code timestamptz} values through JDBC. */
public final class SqlTimes {

    private SqlTimes() {
    }

    /** {@code instant} as a JDBC parameter of a timestamptz column; null stays null. */
    public static OffsetDateTime parameter(Instant instant) {
        return instant == null ? null : instant.atOffset(ZoneOffset.UTC);
    }

    /** The timestamptz column {@code column} of the current row, or null. */
    public static Instant instant(ResultSet row, String column) throws SQLException {
        OffsetDateTime value = row.getObject(column, OffsetDateTime.class);
        return value == null ? null : value.toInstant();
    }
}
