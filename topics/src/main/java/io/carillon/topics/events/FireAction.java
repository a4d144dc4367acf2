package io.carillon.topics.events;

/** Whether a record on the fires topic asks for a dispatch or withdraws an earlier fire. */
public enum FireAction {
    FIRE,
    CANCEL
}
