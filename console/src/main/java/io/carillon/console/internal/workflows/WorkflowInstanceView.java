package io.carillon.console.internal.workflows;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.NodeState;
import io.carillon.topics.events.WorkflowInstanceStatus;
import java.time.Instant;
import java.util.List;

/**
 * A workflow instance as the newest event of the engine tells it: its status, what started it and when, every node's
 * state (in the definition's order, with the run of its round), and the event's {@code sequence}. Null fields are
 * left out of JSON.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
record WorkflowInstanceView(
        String instanceId,
        String workflowId,
        WorkflowInstanceStatus status,
        FireKind kind,
        Instant scheduledAt,
        Instant startedAt,
        Instant endedAt,
        long sequence,
        List<NodeState> nodes,
        String message,
        Instant updatedAt) {}
