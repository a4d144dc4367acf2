package io.carillon.console.internal.web;

import java.util.List;
import java.util.function.ToLongFunction;

/**
 * The cursors of lists keyset paged on a number (an id, a seq): given out as the decimal number of the last item of
 * a page, taken back as {@code cursor}; the next page holds the items past it.
 */
public final class IdCursors {

    private static final String FIELD = "cursor";

    private IdCursors() {}

    /** The number {@code cursor} carries, null when it is absent or blank; 400 naming {@code cursor} otherwise. */
    public static Long parse(String cursor) {
        if (cursor == null || cursor.isBlank()) {
            return null;
        }
        try {
            long key = Long.parseLong(cursor.strip());
            if (key < 0) {
                throw invalid();
            }
            return key;
        } catch (NumberFormatException notANumber) {
            throw invalid();
        }
    }

    /** {@link #parse(String) parse(cursor)}, or {@code earlier} (a deprecated parameter's value) without a cursor. */
    public static Long parseOr(String cursor, Long earlier) {
        Long key = parse(cursor);
        return key == null ? earlier : key;
    }

    /** The number of the last of {@code page}'s items, or null when the page holds fewer than {@code size}. */
    public static <T> Long next(List<T> page, int size, ToLongFunction<T> key) {
        return page.isEmpty() || page.size() < size ? null : key.applyAsLong(page.get(page.size() - 1));
    }

    /** The cursor of {@code key}, null for null (the last page). */
    public static String format(Long key) {
        return key == null ? null : key.toString();
    }

    private static InvalidInputException invalid() {
        return InvalidInputException.of(FIELD, "is not a cursor of this list: pass the nextCursor of a page");
    }
}
