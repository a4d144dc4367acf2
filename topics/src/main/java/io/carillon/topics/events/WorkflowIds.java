package io.carillon.topics.events;

import java.time.Instant;

/** The deterministic identifiers of workflow instances, node jobs and node requests. */
public final class WorkflowIds {

    private WorkflowIds() {}

    /** The job of inline node {@code nodeId} of workflow {@code workflowId}: {@code <workflow>.<node>}. */
    public static String nodeJobId(String workflowId, String nodeId) {
        return workflowId + "." + nodeId;
    }

    /** The instance of {@code workflowId} its schedule starts at {@code scheduledAt}: {@code <workflow>@<millis>}. */
    public static String scheduledInstance(String workflowId, Instant scheduledAt) {
        return workflowId + "@" + scheduledAt.toEpochMilli();
    }

    /** The instance a START command {@code commandId} starts: {@code <workflow>@manual-<command id>}. */
    public static String manualInstance(String workflowId, String commandId) {
        return workflowId + "@manual-" + commandId;
    }

    /**
     * The request id (and so the fire id) of round {@code round} of node {@code nodeId} in {@code instanceId}:
     * {@code <instance>/<node>/<round>}. The planner acts on a request id once, so a re-sent request is harmless.
     */
    public static String nodeRequest(String instanceId, String nodeId, int round) {
        return instanceId + "/" + nodeId + "/" + round;
    }
}
