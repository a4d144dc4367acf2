package io.carillon.planner.internal;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * The time-ordered timer store. Keys are {@code <due epoch millis, zero-padded to 19 digits>|<job id>|<fire id>},
 * so their byte order is their time order and {@link #dueBy(Instant)} reads only the timers that are due, whatever
 * the number of jobs. Used by one stream task's thread only.
 */
final class TimerStore {

    private static final int KEY_DIGITS = 19;
    private static final char SEPARATOR = '|';

    private final KeyValueStore<String, Timer> store;

    TimerStore(KeyValueStore<String, Timer> store) {
        this.store = store;
    }

    void put(Timer timer) {
        store.put(key(timer), timer);
    }

    /** Removes the timer; a put of null, because {@code delete} would read and deserialize the old value. */
    void delete(Timer timer) {
        store.put(key(timer), null);
    }

    /** The timers whose instant is at or before {@code limit}, earliest first. */
    List<Timer> dueBy(Instant limit) {
        List<Timer> due = new ArrayList<>();
        try (KeyValueIterator<String, Timer> timers = store.range(null, prefix(limit.toEpochMilli() + 1))) {
            timers.forEachRemaining(entry -> due.add(entry.value));
        }
        return due;
    }

    static String key(Timer timer) {
        return prefix(timer.at().toEpochMilli()) + SEPARATOR + timer.jobId() + SEPARATOR + timer.fireId();
    }

    private static String prefix(long epochMillis) {
        if (epochMillis < 0) {
            throw new IllegalArgumentException("a timer cannot be set before 1970: " + epochMillis);
        }
        String digits = Long.toString(epochMillis);
        return "0".repeat(KEY_DIGITS - digits.length()) + digits;
    }
}
