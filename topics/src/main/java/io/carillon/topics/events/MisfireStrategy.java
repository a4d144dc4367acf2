package io.carillon.topics.events;

/** What happens to scheduled instants missed by more than the misfire threshold. */
public enum MisfireStrategy {
    DO_NOTHING,
    FIRE_ONCE_NOW,
    CATCH_UP
}
