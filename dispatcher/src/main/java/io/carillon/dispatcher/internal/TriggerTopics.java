package io.carillon.dispatcher.internal;

/** Knows the trigger topic of each app, creating it when missing. */
public interface TriggerTopics {

    /** The partition count of {@code app}'s trigger topic, or 0 when it cannot be told now. */
    int partitionCount(String app);
}
