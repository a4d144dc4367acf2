package io.carillon.console.internal.incidents;

import io.carillon.console.internal.web.InvalidInputException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Base64;

/**
 * The filters of an incidents page: {@code state} (OPEN or RESOLVED), {@code app}, {@code jobId}, {@code rule} (an
 * {@link io.carillon.topics.events.IncidentRule} name), each null for any, and the position after which the page
 * starts ({@code after}, null for the first page).
 */
record IncidentQuery(String state, String app, String jobId, String rule, Position after) {

    private static final char SEPARATOR = '|';

    /** Where a page ended: the last incident's opening time and id. Written as an opaque cursor. */
    public record Position(Instant openedAt, String id) {

        String cursor() {
            return Base64.getUrlEncoder()
                    .withoutPadding()
                    .encodeToString((openedAt.toString() + SEPARATOR + id).getBytes(StandardCharsets.UTF_8));
        }

        /** The position a cursor of an earlier page names; 400 naming {@code cursor} when it is not one. */
        public static Position parse(String cursor) {
            String text;
            try {
                text = new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8);
            } catch (IllegalArgumentException e) {
                throw notACursor();
            }
            int separator = text.indexOf(SEPARATOR);
            if (separator <= 0) {
                throw notACursor();
            }
            try {
                return new Position(Instant.parse(text.substring(0, separator)), text.substring(separator + 1));
            } catch (DateTimeParseException e) {
                throw notACursor();
            }
        }

        private static InvalidInputException notACursor() {
            return InvalidInputException.of("cursor", "is not a cursor of this list: pass the nextCursor of a page");
        }
    }
}
