package io.carillon.console.internal.runs;

import io.carillon.console.internal.web.InvalidInputException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Base64;

/**
 * Where a page of the run search ended: the sort key (scheduled time, null for a run without one) and run id of its
 * last run. Given out opaque (URL-safe Base64 of {@code <version>|<instant or ->|<run id>}); the next page holds
 * the runs that sort after it.
 */
public record RunCursor(Instant scheduledAt, String runId) {

    private static final String VERSION = "1";
    private static final String SEPARATOR = "|";
    private static final String NO_TIME = "-";
    private static final String FIELD = "cursor";

    String encode() {
        String text =
                VERSION + SEPARATOR + (scheduledAt == null ? NO_TIME : scheduledAt.toString()) + SEPARATOR + runId;
        return Base64.getUrlEncoder().withoutPadding().encodeToString(text.getBytes(StandardCharsets.UTF_8));
    }

    /** The cursor {@code text} encodes; 400 naming {@code cursor} when it is not one this API gave out. */
    static RunCursor decode(String text) {
        try {
            String[] parts =
                    new String(Base64.getUrlDecoder().decode(text), StandardCharsets.UTF_8).split("\\" + SEPARATOR, 3);
            if (parts.length != 3 || !parts[0].equals(VERSION) || parts[2].isEmpty()) {
                throw invalid();
            }
            return new RunCursor(parts[1].equals(NO_TIME) ? null : Instant.parse(parts[1]), parts[2]);
        } catch (IllegalArgumentException | DateTimeParseException e) {
            throw invalid();
        }
    }

    private static InvalidInputException invalid() {
        return InvalidInputException.of(
                FIELD, "is not a cursor of this search: pass the nextCursor of the previous" + " page unchanged");
    }
}
