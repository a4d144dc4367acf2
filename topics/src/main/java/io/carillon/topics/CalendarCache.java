package io.carillon.topics;

import io.carillon.topics.events.Calendar;
import io.carillon.topics.schedule.CalendarLookup;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * A {@link CalendarLookup} over calendar JSON found by id (a global store of the {@code calendars} topic), parsing
 * each calendar once per change: the parsed calendar is kept with the bytes it came from and used while the bytes
 * found are the same. So every lookup reads the current calendar, and a changed one applies at once. Not
 * thread-safe: one stream task's thread uses one cache.
 */
public final class CalendarCache implements CalendarLookup {

    /** The most parsed calendars kept; beyond, the cache starts over. */
    public static final int MAX_CACHED = 1_024;

    private final Function<String, byte[]> bytesById;
    private final Map<String, Parsed> parsed = new HashMap<>();

    /** A cache over {@code bytesById}, which answers null for an unknown id. */
    public CalendarCache(Function<String, byte[]> bytesById) {
        this.bytesById = bytesById;
    }

    @Override
    public Calendar find(String id) {
        byte[] bytes = bytesById.apply(id);
        if (bytes == null) {
            parsed.remove(id);
            return null;
        }
        Parsed known = parsed.get(id);
        if (known != null && Arrays.equals(known.bytes(), bytes)) {
            return known.calendar();
        }
        if (parsed.size() >= MAX_CACHED) {
            parsed.clear();
        }
        Calendar calendar = EventSerdes.CALENDAR.deserialize(null, bytes);
        parsed.put(id, new Parsed(bytes, calendar));
        return calendar;
    }

    private record Parsed(byte[] bytes, Calendar calendar) {}
}
