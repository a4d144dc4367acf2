package io.carillon.planner.workflow.internal;

import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.NodeState;
import io.carillon.topics.events.WorkflowDefinition;
import io.carillon.topics.events.WorkflowInstanceStatus;
import java.time.Instant;
import java.util.List;

/**
 * One workflow instance as the engine stores it: the definition it runs (the workflow's at its start, so a later
 * change applies to later instances), its status, what started it, the node states in the definition's order, and
 * {@code sequence}, the number of events it has had. Immutable.
 */
record InstanceRecord(
        WorkflowDefinition definition,
        String instanceId,
        WorkflowInstanceStatus status,
        FireKind kind,
        Instant scheduledAt,
        Instant startedAt,
        Instant endedAt,
        long sequence,
        List<NodeState> nodes,
        String requestedBy) {

    InstanceRecord {
        nodes = nodes == null ? List.of() : List.copyOf(nodes);
    }
}
