package io.carillon.analytics.internal;

import io.carillon.topics.events.StatsWindow;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.kstream.Windowed;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.WindowStore;

/**
 * The minute and hour windows of one processor (per job, or per app), in two window stores keyed by job id or app.
 * A run goes into the minute window of its instant; a minute window closes {@code grace} after its end on the
 * processor's clock, whatever records arrive or not, and is then merged into its hour, handed to {@link Closed} once
 * and deleted. An hour closes the same way, {@code grace} after its end, after its last minute was merged. A run
 * whose minute has closed goes into the minute that is open now, counted as late there. Not thread-safe: one stream
 * task owns it.
 */
final class StatsWindows {

    /** Receives each closed window once. */
    interface Closed {
        void close(String key, StatsWindow window, Instant start, RunAggregate aggregate);
    }

    private static final long MINUTE_MS = StatsWindow.MINUTE.length().toMillis();
    private static final long HOUR_MS = StatsWindow.HOUR.length().toMillis();

    private final WindowStore<String, RunAggregate> minutes;
    private final WindowStore<String, RunAggregate> hours;
    private final long graceMs;

    StatsWindows(WindowStore<String, RunAggregate> minutes, WindowStore<String, RunAggregate> hours, Duration grace) {
        this.minutes = minutes;
        this.hours = hours;
        this.graceMs = grace.toMillis();
    }

    /** Adds {@code part} to the minute window of {@code at} of {@code key}, or to the current one when that closed. */
    void add(String key, Instant at, RunAggregate part, Instant now) {
        long start = startOf(at.toEpochMilli(), MINUTE_MS);
        if (start + MINUTE_MS + graceMs <= now.toEpochMilli()) {
            start = startOf(now.toEpochMilli(), MINUTE_MS);
            part.markLate();
        }
        mergeInto(minutes, key, start, part);
    }

    /** Closes every minute, then every hour, whose end is {@code grace} or more before {@code now}. */
    void closeDue(Instant now, Closed closed) {
        long due = now.toEpochMilli() - graceMs;
        for (KeyValue<Windowed<String>, RunAggregate> minute : takeEnded(minutes, due - MINUTE_MS)) {
            long start = minute.key.window().start();
            String key = minute.key.key();
            closed.close(key, StatsWindow.MINUTE, Instant.ofEpochMilli(start), minute.value);
            mergeInto(hours, key, startOf(start, HOUR_MS), minute.value);
        }
        for (KeyValue<Windowed<String>, RunAggregate> hour : takeEnded(hours, due - HOUR_MS)) {
            closed.close(
                    hour.key.key(),
                    StatsWindow.HOUR,
                    Instant.ofEpochMilli(hour.key.window().start()),
                    hour.value);
        }
    }

    private static List<KeyValue<Windowed<String>, RunAggregate>> takeEnded(
            WindowStore<String, RunAggregate> store, long latestStart) {
        List<KeyValue<Windowed<String>, RunAggregate>> ended = new ArrayList<>();
        try (KeyValueIterator<Windowed<String>, RunAggregate> windows = store.fetchAll(0, latestStart)) {
            windows.forEachRemaining(ended::add);
        }
        ended.forEach(
                window -> store.put(window.key.key(), null, window.key.window().start()));
        return ended;
    }

    private static void mergeInto(WindowStore<String, RunAggregate> store, String key, long start, RunAggregate part) {
        RunAggregate current = store.fetch(key, start);
        if (current == null) {
            store.put(key, part, start);
        } else {
            current.merge(part);
            store.put(key, current, start);
        }
    }

    static long startOf(long millis, long length) {
        return Math.floorDiv(millis, length) * length;
    }
}
