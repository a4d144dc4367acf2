package io.carillon.topics.events;

/** The monitor rule behind an incident ({@link Alerting}). */
public enum IncidentRule {
    FAILED,
    MISSED,
    NO_WORKER,
    OVERRUN,
    SLOW,
    FAILURE_RATE
}
