package io.carillon.topics.events;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;

/**
 * A record on the {@code workflow.commands} topic (key: workflow id), the workflow engine's inbox. Users (through
 * the console) write START, RETRY_NODE, SKIP_NODE and CANCEL; the planner writes NODE_ENDED when the run of a node
 * reached its final terminal state ({@code status}, {@code runId}, the handler's {@code output}, {@code round} of
 * the node as its {@link WorkflowRef} said; {@code message} the run's). {@code commandId} makes a START idempotent
 * (the instance id is {@link WorkflowIds#manualInstance}); the engine applies each NODE_ENDED of a node round once.
 * Immutable.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record WorkflowCommand(
        int schemaVersion,
        String commandId,
        WorkflowCommandType type,
        String workflowId,
        String instanceId,
        String nodeId,
        int round,
        RunStatus status,
        String runId,
        String output,
        String message,
        String requestedBy,
        Instant requestedAt) {

    public static final int SCHEMA_VERSION = 1;

    public WorkflowCommand {
        schemaVersion = schemaVersion == 0 ? SCHEMA_VERSION : schemaVersion;
    }

    /** Starts an instance of {@code workflowId} now; {@code commandId} makes it idempotent. */
    public static WorkflowCommand start(String commandId, String workflowId, String requestedBy, Instant at) {
        return of(commandId, WorkflowCommandType.START, workflowId, null, null, requestedBy, at);
    }

    /** Runs the FAILED node {@code nodeId} of {@code instanceId} again. */
    public static WorkflowCommand retryNode(
            String commandId, String workflowId, String instanceId, String nodeId, String requestedBy, Instant at) {
        return of(commandId, WorkflowCommandType.RETRY_NODE, workflowId, instanceId, nodeId, requestedBy, at);
    }

    /** Marks node {@code nodeId} of {@code instanceId} SUCCEEDED without running it. */
    public static WorkflowCommand skipNode(
            String commandId, String workflowId, String instanceId, String nodeId, String requestedBy, Instant at) {
        return of(commandId, WorkflowCommandType.SKIP_NODE, workflowId, instanceId, nodeId, requestedBy, at);
    }

    /** Cancels instance {@code instanceId}. */
    public static WorkflowCommand cancel(
            String commandId, String workflowId, String instanceId, String requestedBy, Instant at) {
        return of(commandId, WorkflowCommandType.CANCEL, workflowId, instanceId, null, requestedBy, at);
    }

    /** The end of the run {@code result} of the node {@code result.workflow()} names, as the planner reports it. */
    public static WorkflowCommand nodeEnded(RunResult result, String requestedBy, Instant at) {
        WorkflowRef ref = result.workflow();
        return new WorkflowCommand(
                SCHEMA_VERSION,
                "ended:" + result.runId(),
                WorkflowCommandType.NODE_ENDED,
                ref.workflowId(),
                ref.instanceId(),
                ref.nodeId(),
                ref.round(),
                result.status(),
                result.runId(),
                result.output(),
                result.message(),
                requestedBy,
                at);
    }

    private static WorkflowCommand of(
            String commandId,
            WorkflowCommandType type,
            String workflowId,
            String instanceId,
            String nodeId,
            String requestedBy,
            Instant at) {
        return new WorkflowCommand(
                SCHEMA_VERSION,
                commandId,
                type,
                workflowId,
                instanceId,
                nodeId,
                0,
                null,
                null,
                null,
                null,
                requestedBy,
                at);
    }
}
