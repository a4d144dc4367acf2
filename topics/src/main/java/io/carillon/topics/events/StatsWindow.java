package io.carillon.topics.events;

import java.time.Duration;

/** The length of a {@link RunStats} window; windows are aligned to the epoch (whole minutes, whole hours in UTC). */
public enum StatsWindow {
    MINUTE(Duration.ofMinutes(1)),
    HOUR(Duration.ofHours(1));

    private final Duration length;

    StatsWindow(Duration length) {
        this.length = length;
    }

    public Duration length() {
        return length;
    }
}
