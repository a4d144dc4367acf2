package io.carillon.console.internal.support;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.SignStyle;
import java.time.temporal.ChronoField;
import java.time.temporal.ChronoUnit;

/** Converts between {@link Instant} and PostgreSQL {@code timestamptz} values through JDBC. */
public final class SqlTimes {

    private static final int FRACTION_DIGITS = 6;
    private static final int MIN_YEAR_DIGITS = 4;
    private static final int MAX_YEAR_DIGITS = 10;
    private static final long NANOS_PER_MICRO = 1_000;
    private static final long HALF_A_MICRO = NANOS_PER_MICRO / 2;
    /** PostgreSQL's timestamptz input form, years after Christ (before: {@value #BEFORE_CHRIST} follows). */
    private static final DateTimeFormatter TEXT = new DateTimeFormatterBuilder()
            .appendValue(ChronoField.YEAR_OF_ERA, MIN_YEAR_DIGITS, MAX_YEAR_DIGITS, SignStyle.NOT_NEGATIVE)
            .appendPattern("-MM-dd HH:mm:ss")
            .appendFraction(ChronoField.NANO_OF_SECOND, FRACTION_DIGITS, FRACTION_DIGITS, true)
            .appendLiteral("+00")
            .toFormatter();

    private static final String BEFORE_CHRIST = " BC";

    private SqlTimes() {}

    /**
     * {@code instant} as PostgreSQL timestamptz text, for array parameters ({@code ?::timestamptz[]} of a text
     * array), rounded half up to the microsecond; null stays null.
     */
    public static String text(Instant instant) {
        if (instant == null) {
            return null;
        }
        Instant micros = instant.truncatedTo(ChronoUnit.MICROS);
        if (instant.getNano() % NANOS_PER_MICRO >= HALF_A_MICRO) {
            micros = micros.plus(1, ChronoUnit.MICROS);
        }
        OffsetDateTime utc = micros.atOffset(ZoneOffset.UTC);
        String text = TEXT.format(utc);
        return utc.getYear() > 0 ? text : text + BEFORE_CHRIST;
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
