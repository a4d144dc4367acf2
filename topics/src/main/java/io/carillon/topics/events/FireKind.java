package io.carillon.topics.events;

/** Why a fire exists. */
public enum FireKind {
    SCHEDULED,
    MANUAL,
    API,
    RETRY,
    CHILD,
    MISFIRE,
    BACKFILL
}
