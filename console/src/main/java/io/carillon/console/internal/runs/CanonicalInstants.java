package io.carillon.console.internal.runs;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.ext.javatime.deser.InstantDeserializer;

/**
 * Reads an {@link Instant} written as {@code Instant.toString()} writes years 0000 to 9999
 * ({@code 2026-05-01T12:00:00.042Z}: date, {@code T}, time to the second, an optional fraction of one to nine
 * digits, {@code Z}) with a few comparisons instead of the JDK's general ISO_INSTANT parser, to the same instant.
 * Any other value (another form, another token, an impossible date or time) goes to Jackson's own
 * {@link InstantDeserializer#INSTANT}, so the results and the errors are Jackson's. Stateless, thread-safe.
 */
final class CanonicalInstants extends ValueDeserializer<Instant> {

    private static final int YEAR_END = 4;
    private static final int MONTH_END = 7;
    private static final int DAY_END = 10;
    private static final int HOUR_END = 13;
    private static final int MINUTE_END = 16;
    private static final int SECOND_END = 19;
    private static final int MAX_FRACTION_DIGITS = 9;
    private static final int SHORTEST = SECOND_END + 1;
    private static final int LONGEST = SECOND_END + 1 + MAX_FRACTION_DIGITS + 1;
    private static final int RADIX = 10;

    @Override
    public Instant deserialize(JsonParser parser, DeserializationContext context) {
        if (parser.hasToken(JsonToken.VALUE_STRING)) {
            Instant instant = parse(parser.getString());
            if (instant != null) {
                return instant;
            }
        }
        return InstantDeserializer.INSTANT.deserialize(parser, context);
    }

    /** The instant {@code text} is in the canonical form, or null when it is not in that form or not a time. */
    static Instant parse(String text) {
        int length = text.length();
        if (length < SHORTEST || length > LONGEST || text.charAt(YEAR_END) != '-' || text.charAt(MONTH_END) != '-'
                || text.charAt(DAY_END) != 'T' || text.charAt(HOUR_END) != ':' || text.charAt(MINUTE_END) != ':'
                || text.charAt(length - 1) != 'Z') {
            return null;
        }
        int year = digits(text, 0, YEAR_END);
        int month = digits(text, YEAR_END + 1, MONTH_END);
        int day = digits(text, MONTH_END + 1, DAY_END);
        int hour = digits(text, DAY_END + 1, HOUR_END);
        int minute = digits(text, HOUR_END + 1, MINUTE_END);
        int second = digits(text, MINUTE_END + 1, SECOND_END);
        int nano = 0;
        if (length > SHORTEST) {
            int fractionDigits = length - SHORTEST - 1;
            if (text.charAt(SECOND_END) != '.' || fractionDigits < 1) {
                return null;
            }
            nano = digits(text, SECOND_END + 1, length - 1);
            for (int digit = fractionDigits; digit < MAX_FRACTION_DIGITS && nano >= 0; digit++) {
                nano *= RADIX;
            }
        }
        if (year < 0 || month < 0 || day < 0 || hour < 0 || minute < 0 || second < 0 || nano < 0) {
            return null;
        }
        try {
            return LocalDateTime.of(year, month, day, hour, minute, second, nano).toInstant(ZoneOffset.UTC);
        } catch (DateTimeException notATime) {
            return null;
        }
    }

    /** The decimal number in {@code text} from {@code start} to {@code end}, or -1 when a character is no digit. */
    private static int digits(String text, int start, int end) {
        int value = 0;
        for (int i = start; i < end; i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            value = value * RADIX + (c - '0');
        }
        return value;
    }
}
