package io.carillon.topics.events;

/** What a {@link LimitCommand} asks of the limiter. */
public enum LimitCommandType {
    /** A fire asks for a slot (the dispatcher, when the fire is due). */
    ACQUIRE,
    /** A fire's run ended: its slot, or its place in the queue, is given up (the planner, on the terminal result). */
    RELEASE,
    /**
     * A job was disabled, paused or deleted: its fires waiting in the queue (of {@link LimitCommand#kind()}, or all)
     * leave it and end SKIPPED (the planner).
     */
    WITHDRAW
}
