package io.carillon.planner.internal;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * The time-ordered timer store. Keys are {@code <due epoch millis, zero-padded to 19 digits>|<job id>|<fire id>},
 * so their byte order is their time order and {@link #dueBy(Instant)} reads only the timers that are due, whatever
 * the number of jobs. A scan starts where the previous one ended, not at the start of the store: a due timer is
 * deleted as it is handled, and RocksDB would otherwise step over the deletion markers of every timer handled since
 * the last compaction on every punctuation. A timer put below that point (due at once) moves it back, and a due timer
 * the caller keeps for later must be {@link #put} again. Used by one stream task's thread only.
 */
final class TimerStore {

    private static final int KEY_DIGITS = 19;
    private static final char SEPARATOR = '|';

    private final KeyValueStore<String, Timer> store;
    /** The first key the next {@link #dueBy} reads; null: the start of the store (a task starting or restored). */
    private String scanFrom;

    TimerStore(KeyValueStore<String, Timer> store) {
        this.store = store;
    }

    void put(Timer timer) {
        String key = key(timer);
        store.put(key, timer);
        if (scanFrom != null && key.compareTo(scanFrom) < 0) {
            scanFrom = key;
        }
    }

    /**
     * Keeps a timer {@link #dueBy} returned, unchanged, for the next scan: nothing is written, the next scan starts
     * at it again.
     */
    void keep(Timer timer) {
        String key = key(timer);
        if (scanFrom != null && key.compareTo(scanFrom) < 0) {
            scanFrom = key;
        }
    }

    /** Removes the timer; a put of null, because {@code delete} would read and deserialize the old value. */
    void delete(Timer timer) {
        store.put(key(timer), null);
    }

    /**
     * The timers whose instant is at or before {@code limit} and that were not returned by an earlier call (unless
     * put again since), earliest first, at most {@code max} of them: the next call goes on with the first one left.
     * The caller deletes each or puts it again to keep it.
     */
    List<Timer> dueBy(Instant limit, int max) {
        if (max <= 0) {
            throw new IllegalArgumentException("max must be positive, was " + max);
        }
        String end = prefix(limit.toEpochMilli() + 1);
        List<Timer> due = new ArrayList<>();
        if (scanFrom != null && scanFrom.compareTo(end) >= 0) {
            return due;
        }
        String next = end;
        try (KeyValueIterator<String, Timer> timers = store.range(scanFrom, end)) {
            while (timers.hasNext()) {
                var entry = timers.next();
                if (due.size() == max) {
                    next = entry.key;
                    break;
                }
                due.add(entry.value);
            }
        }
        scanFrom = next;
        return due;
    }

    /**
     * The instant of the earliest timer that {@link #dueBy} has not returned (or that was put again since); null when
     * there is none.
     */
    Instant earliest() {
        try (KeyValueIterator<String, Timer> timers = store.range(scanFrom, null)) {
            return timers.hasNext() ? timers.next().value.at() : null;
        }
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
