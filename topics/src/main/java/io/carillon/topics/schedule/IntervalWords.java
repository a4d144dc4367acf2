package io.carillon.topics.schedule;

import java.time.Duration;

/**
 * An interval in words, English ("5 minutes", "1 day") or Chinese ("5 分钟", "1 天"): its largest whole unit, else
 * milliseconds.
 */
final class IntervalWords {

    private static final long[] UNIT_MS = {
        Duration.ofDays(1).toMillis(),
        Duration.ofHours(1).toMillis(),
        Duration.ofMinutes(1).toMillis(),
        Duration.ofSeconds(1).toMillis(),
        1
    };
    private static final String[] UNIT_NAMES = {"day", "hour", "minute", "second", "millisecond"};
    private static final String[] CHINESE_UNIT_NAMES = {"天", "小时", "分钟", "秒", "毫秒"};

    private IntervalWords() {}

    static String of(long intervalMs) {
        int unit = largestWholeUnit(intervalMs);
        long count = intervalMs / UNIT_MS[unit];
        return count + " " + UNIT_NAMES[unit] + (count == 1 ? "" : "s");
    }

    static String chinese(long intervalMs) {
        int unit = largestWholeUnit(intervalMs);
        return intervalMs / UNIT_MS[unit] + " " + CHINESE_UNIT_NAMES[unit];
    }

    private static int largestWholeUnit(long intervalMs) {
        for (int i = 0; i < UNIT_MS.length; i++) {
            if (intervalMs % UNIT_MS[i] == 0) {
                return i;
            }
        }
        throw new IllegalStateException("every interval is a whole number of milliseconds");
    }
}
