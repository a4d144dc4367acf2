package io.carillon.topics.events;

import java.time.LocalTime;

/**
 * A time of day window of a {@link Calendar}: from {@code from} (included) to {@code to} (excluded), in the
 * calendar's zone. A window whose {@code to} is at or before its {@code from} wraps past midnight: 22:00 to 06:00 is
 * the night, the part after midnight judged on the day it falls on. 00:00 to 00:00 is the whole day.
 */
public record TimeWindow(LocalTime from, LocalTime to) {

    /** Whether {@code time} lies in this window. */
    public boolean contains(LocalTime time) {
        if (wraps()) {
            return !time.isBefore(from) || time.isBefore(to);
        }
        return !time.isBefore(from) && time.isBefore(to);
    }

    /** Whether the window wraps past midnight ({@code to} at or before {@code from}). */
    public boolean wraps() {
        return !to.isAfter(from);
    }
}
