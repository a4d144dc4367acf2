package io.carillon.topics.internal;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;

/**
 * Writes and reads instants in the one ISO-8601 form Carillon's events use ({@code 2026-11-22T05:00:00.123Z}: UTC,
 * fraction in groups of three digits, as {@link Instant#toString()} writes it) without going through a
 * {@code DateTimeFormatter}: every event carries several instants and the formatter was the larger half of the cost
 * of reading one. Text in any other form is left to the caller's general parser ({@link #parse} answers null).
 * Stateless and thread-safe.
 */
public final class IsoInstants {

    private static final int SECONDS_PER_DAY = 86_400;
    private static final int SECONDS_PER_HOUR = 3_600;
    private static final int SECONDS_PER_MINUTE = 60;
    private static final int NANOS_DIGITS = 9;
    private static final int DIGITS_PER_GROUP = 3;
    private static final int FIRST_FOUR_DIGIT_YEAR = 0;
    private static final int LAST_FOUR_DIGIT_YEAR = 9_999;
    /** {@code yyyy-MM-ddTHH:mm:ss}: the length before an optional fraction. */
    private static final int SECONDS_END = 19;

    private static final long MIN_FAST_SECOND =
            LocalDate.of(FIRST_FOUR_DIGIT_YEAR, 1, 1).toEpochDay() * SECONDS_PER_DAY;
    private static final long MAX_FAST_SECOND_EXCLUSIVE =
            LocalDate.of(LAST_FOUR_DIGIT_YEAR + 1, 1, 1).toEpochDay() * SECONDS_PER_DAY;
    private static final int[] POWERS_OF_TEN = {1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000};

    private IsoInstants() {}

    /** The instant as {@link Instant#toString()} writes it. */
    public static String format(Instant instant) {
        long seconds = instant.getEpochSecond();
        if (seconds < MIN_FAST_SECOND || seconds >= MAX_FAST_SECOND_EXCLUSIVE) {
            return instant.toString();
        }
        long day = Math.floorDiv(seconds, SECONDS_PER_DAY);
        int secondOfDay = (int) Math.floorMod(seconds, SECONDS_PER_DAY);
        LocalDate date = LocalDate.ofEpochDay(day);
        char[] text = new char[SECONDS_END + 1 + NANOS_DIGITS + 1];
        digits(text, 0, date.getYear(), 4);
        text[4] = '-';
        digits(text, 5, date.getMonthValue(), 2);
        text[7] = '-';
        digits(text, 8, date.getDayOfMonth(), 2);
        text[10] = 'T';
        digits(text, 11, secondOfDay / SECONDS_PER_HOUR, 2);
        text[13] = ':';
        digits(text, 14, secondOfDay / SECONDS_PER_MINUTE % SECONDS_PER_MINUTE, 2);
        text[16] = ':';
        digits(text, 17, secondOfDay % SECONDS_PER_MINUTE, 2);
        int end = SECONDS_END;
        int nanos = instant.getNano();
        if (nanos > 0) {
            text[end++] = '.';
            int shown = NANOS_DIGITS;
            while (shown > DIGITS_PER_GROUP && nanos % POWERS_OF_TEN[DIGITS_PER_GROUP] == 0) {
                nanos /= POWERS_OF_TEN[DIGITS_PER_GROUP];
                shown -= DIGITS_PER_GROUP;
            }
            digits(text, end, nanos, shown);
            end += shown;
        }
        text[end++] = 'Z';
        return new String(text, 0, end);
    }

    /**
     * The instant {@code text[offset, offset + length)} names when it is in the form {@link #format} writes (any
     * fraction of 1 to 9 digits), else null: the caller then uses its general parser, which also names the error.
     */
    public static Instant parse(char[] text, int offset, int length) {
        if (length < SECONDS_END + 1
                || text[offset + length - 1] != 'Z'
                || text[offset + 4] != '-'
                || text[offset + 7] != '-'
                || text[offset + 10] != 'T'
                || text[offset + 13] != ':'
                || text[offset + 16] != ':') {
            return null;
        }
        int year = number(text, offset, 4);
        int month = number(text, offset + 5, 2);
        int day = number(text, offset + 8, 2);
        int hour = number(text, offset + 11, 2);
        int minute = number(text, offset + 14, 2);
        int second = number(text, offset + 17, 2);
        int nanos = fraction(text, offset + SECONDS_END, length - SECONDS_END - 1);
        if (year < 0
                || month < 0
                || day < 0
                || hour < 0
                || hour > 23
                || minute < 0
                || minute > 59
                || second < 0
                || second > 59
                || nanos < 0) {
            return null;
        }
        try {
            long epochDay = LocalDate.of(year, month, day).toEpochDay();
            return Instant.ofEpochSecond(
                    epochDay * SECONDS_PER_DAY + hour * SECONDS_PER_HOUR + minute * SECONDS_PER_MINUTE + second, nanos);
        } catch (DateTimeException e) {
            return null;
        }
    }

    /** {@link #parse(char[], int, int)} of a whole string. */
    public static Instant parse(String text) {
        return parse(text.toCharArray(), 0, text.length());
    }

    /** The nanoseconds of {@code .d…} ({@code length} chars from {@code start}, 0 when empty), or -1. */
    private static int fraction(char[] text, int start, int length) {
        if (length == 0) {
            return 0;
        }
        int digits = length - 1;
        if (text[start] != '.' || digits < 1 || digits > NANOS_DIGITS) {
            return -1;
        }
        int value = number(text, start + 1, digits);
        return value < 0 ? -1 : value * POWERS_OF_TEN[NANOS_DIGITS - digits];
    }

    /** The decimal number of {@code count} digits from {@code start}, or -1 when one is not a digit. */
    private static int number(char[] text, int start, int count) {
        int value = 0;
        for (int i = start; i < start + count; i++) {
            int digit = text[i] - '0';
            if (digit < 0 || digit > 9) {
                return -1;
            }
            value = value * 10 + digit;
        }
        return value;
    }

    private static void digits(char[] text, int start, int value, int count) {
        int rest = value;
        for (int i = start + count - 1; i >= start; i--) {
            text[i] = (char) ('0' + rest % 10);
            rest /= 10;
        }
    }
}
