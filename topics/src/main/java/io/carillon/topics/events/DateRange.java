package io.carillon.topics.events;

import java.time.LocalDate;

/** The days {@code from} to {@code to} of a {@link Calendar}, both included. */
public record DateRange(LocalDate from, LocalDate to) {

    /** Whether {@code day} lies in this range. */
    public boolean contains(LocalDate day) {
        return !day.isBefore(from) && !day.isAfter(to);
    }
}
