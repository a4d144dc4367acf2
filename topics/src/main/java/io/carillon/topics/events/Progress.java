package io.carillon.topics.events;

/** How far a run has come: {@code done} of {@code total} units, with an optional message. */
public record Progress(long done, long total, String message) {}
