package io.carillon.topics.events;

/** What a worker does with a trigger that arrives while a run of the same job is still running. */
public enum BlockStrategy {
    SERIAL,
    DISCARD_LATER,
    COVER_EARLY,
    PARALLEL
}
