package io.carillon.topics.events;

/**
 * The rule behind an incident: a monitor rule of the analytics app ({@link Alerting}), or PAUSED, which the planner
 * opens when it pauses a job after {@link JobDefinition#pauseAfterFailures()} consecutive failures and resolves when
 * the job is resumed; or a rule of workflow instances, which the analytics app opens from {@code workflow.events}:
 * WORKFLOW_FAILED when an instance ends FAILED (resolved when a retried or skipped node lets it end SUCCEEDED, or it
 * is cancelled), WORKFLOW_OVERRUN when an instance runs longer than its workflow's
 * {@link WorkflowDefinition#maxDurationMs()} (resolved when it ends). A workflow's incident has no {@code jobId};
 * its {@code fireId} is the instance id.
 */
public enum IncidentRule {
    FAILED,
    MISSED,
    NO_WORKER,
    OVERRUN,
    SLOW,
    FAILURE_RATE,
    PAUSED,
    WORKFLOW_FAILED,
    WORKFLOW_OVERRUN
}
