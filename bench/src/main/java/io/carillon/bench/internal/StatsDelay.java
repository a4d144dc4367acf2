package io.carillon.bench.internal;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How long after a minute's end its statistics are visible on {@code stats}: for each whole minute inside the window,
 * the first arrival of the minute's record minus the minute's end. A minute whose record never arrived is listed in
 * {@code missing} (its minute start) and has no delay. Stateless.
 */
final class StatsDelay {

    private static final long MINUTE_MS = Duration.ofMinutes(1).toMillis();

    private StatsDelay() {}

    /** The starts of the whole minutes (UTC, epoch-aligned) that lie inside {@code [from, to)}. */
    static List<Instant> wholeMinutes(Instant from, Instant to) {
        List<Instant> minutes = new ArrayList<>();
        for (Instant start = WallClock.ceil(from, MINUTE_MS);
                !start.plusMillis(MINUTE_MS).isAfter(to);
                start = start.plusMillis(MINUTE_MS)) {
            minutes.add(start);
        }
        return minutes;
    }

    /**
     * {@code {minutes, count, p50, p99, max, missing}} of the delays of {@code minutes}, given when each minute's
     * record arrived ({@code arrivals}, by minute start).
     */
    static Map<String, Object> of(List<Instant> minutes, Map<Instant, Instant> arrivals) {
        List<Long> delays = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        for (Instant minute : minutes) {
            Instant arrived = arrivals.get(minute);
            if (arrived == null) {
                missing.add(minute.toString());
            } else {
                delays.add(
                        Duration.between(minute.plusMillis(MINUTE_MS), arrived).toMillis());
            }
        }
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("minutes", minutes.size());
        summary.putAll(MillisSummary.of(delays));
        summary.put("missing", missing);
        return summary;
    }

    /** Whether every minute of {@code minutes} has arrived. */
    static boolean complete(List<Instant> minutes, Map<Instant, Instant> arrivals) {
        return arrivals.keySet().containsAll(minutes);
    }
}
