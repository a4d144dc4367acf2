package io.carillon.topics.schedule;

import java.time.Duration;

/** An interval in English words: its largest whole unit ("5 minutes", "1 day"), else milliseconds. */
final class IntervalWords {

    private static final long[] UNIT_MS = {
        Duration.ofDays(1).toMillis(),
        Duration.ofHours(1).toMillis(),
        Duration.ofMinutes(1).toMillis(),
        Duration.ofSeconds(1).toMillis(),
        1
    };
    private static final String[] UNIT_NAMES = {"day", "hour", "minute", "second", "millisecond"};

    private IntervalWords() {}

    static String of(long intervalMs) {
        for (int i = 0; i < UNIT_MS.length; i++) {
            if (intervalMs % UNIT_MS[i] == 0) {
                long count = intervalMs / UNIT_MS[i];
                return count + " " + UNIT_NAMES[i] + (count == 1 ? "" : "s");
            }
        }
        throw new IllegalStateException("every interval is a whole number of milliseconds");
    }
}
