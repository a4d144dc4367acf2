package io.carillon.topics.events;

/** What a record on the requests topic asks the planner to do. */
public enum RequestType {
    RUN_NOW,
    RUN_AT,
    BACKFILL,
    PAUSE,
    RESUME,
    RETRY,
    CHILD
}
