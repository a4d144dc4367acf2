package io.carillon.topics.events;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;

/**
 * The state of one node in one workflow instance, as {@link WorkflowEvent} carries it: {@code jobId} the job whose
 * run it is, {@code round} the node's round (0 before its first run), {@code runId} the run of that round (set once
 * requested), {@code runStatus} how that run ended, {@code message} why the node is in its state when that is not
 * plain (skipped by whom, which edge could not be met, the run's error). Immutable.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record NodeState(
        String nodeId,
        String jobId,
        NodeStatus status,
        int round,
        String runId,
        RunStatus runStatus,
        String message,
        Instant startedAt,
        Instant endedAt) {

    /** A node that has not started. */
    public static NodeState pending(String nodeId, String jobId) {
        return new NodeState(nodeId, jobId, NodeStatus.PENDING, 0, null, null, null, null, null);
    }
}
