package io.carillon.topics.events;

/**
 * The rule behind an incident: a monitor rule of the analytics app ({@link Alerting}), or PAUSED, which the planner
 * opens when it pauses a job after {@link JobDefinition#pauseAfterFailures()} consecutive failures and resolves when
 * the job is resumed.
 */
public enum IncidentRule {
    FAILED,
    MISSED,
    NO_WORKER,
    OVERRUN,
    SLOW,
    FAILURE_RATE,
    PAUSED
}
