package io.carillon.planner.workflow.internal;

import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.NodeState;
import io.carillon.topics.events.NodeStatus;
import io.carillon.topics.events.WorkflowDefinition;
import io.carillon.topics.events.WorkflowEvent;
import io.carillon.topics.events.WorkflowEventType;
import io.carillon.topics.events.WorkflowInstanceStatus;
import io.carillon.topics.events.WorkflowNode;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One workflow instance while the engine changes it: read from an {@link InstanceRecord}, changed, written back.
 * Each change the engine reports becomes a {@link WorkflowEvent} with the next {@code sequence}. Not thread-safe;
 * used by one stream task's thread.
 */
final class Instance {

    private final WorkflowDefinition definition;
    private final String instanceId;
    private final FireKind kind;
    private final Instant scheduledAt;
    private final String requestedBy;
    private final Map<String, NodeState> nodes;
    private WorkflowInstanceStatus status;
    private Instant startedAt;
    private Instant endedAt;
    private long sequence;

    private Instance(InstanceRecord record) {
        this.definition = record.definition();
        this.instanceId = record.instanceId();
        this.kind = record.kind();
        this.scheduledAt = record.scheduledAt();
        this.requestedBy = record.requestedBy();
        this.status = record.status();
        this.startedAt = record.startedAt();
        this.endedAt = record.endedAt();
        this.sequence = record.sequence();
        this.nodes = new LinkedHashMap<>();
        record.nodes().forEach(node -> nodes.put(node.nodeId(), node));
    }

    static Instance of(InstanceRecord record) {
        return new Instance(record);
    }

    /** A new instance of {@code definition} with every node PENDING, not started yet. */
    static Instance create(
            WorkflowDefinition definition,
            String instanceId,
            FireKind kind,
            Instant scheduledAt,
            String requestedBy,
            WorkflowInstanceStatus status) {
        List<NodeState> pending = definition.nodes().stream()
                .map(node -> NodeState.pending(node.id(), node.jobIdIn(definition.id())))
                .toList();
        return new Instance(new InstanceRecord(
                definition, instanceId, status, kind, scheduledAt, null, null, 0, pending, requestedBy));
    }

    InstanceRecord toRecord() {
        return new InstanceRecord(
                definition,
                instanceId,
                status,
                kind,
                scheduledAt,
                startedAt,
                endedAt,
                sequence,
                List.copyOf(nodes.values()),
                requestedBy);
    }

    WorkflowDefinition definition() {
        return definition;
    }

    String workflowId() {
        return definition.id();
    }

    String id() {
        return instanceId;
    }

    WorkflowInstanceStatus status() {
        return status;
    }

    NodeState node(String nodeId) {
        return nodes.get(nodeId);
    }

    WorkflowNode definitionOf(String nodeId) {
        return definition.node(nodeId).orElseThrow();
    }

    List<NodeState> nodes() {
        return List.copyOf(nodes.values());
    }

    void put(NodeState node) {
        nodes.put(node.nodeId(), node);
    }

    boolean allDone() {
        return nodes.values().stream().allMatch(node -> node.status().isDone());
    }

    List<NodeState> withStatus(NodeStatus wanted) {
        return nodes.values().stream().filter(node -> node.status() == wanted).toList();
    }

    void started(Instant now) {
        status = WorkflowInstanceStatus.RUNNING;
        startedAt = now;
        endedAt = null;
    }

    /** Back to RUNNING after it ended FAILED: a RETRY_NODE or SKIP_NODE carries on from a node. */
    void reopened() {
        status = WorkflowInstanceStatus.RUNNING;
        endedAt = null;
    }

    void ended(WorkflowInstanceStatus endStatus, Instant now) {
        status = endStatus;
        endedAt = now;
    }

    /** The event reporting this instance's current state; {@code nodeId} and {@code output} for NODE_CHANGED. */
    WorkflowEvent event(WorkflowEventType type, String nodeId, String output, String message, String by, Instant now) {
        sequence++;
        return new WorkflowEvent(
                WorkflowEvent.SCHEMA_VERSION,
                type,
                definition.id(),
                definition.version(),
                instanceId,
                sequence,
                status,
                kind,
                scheduledAt,
                startedAt,
                endedAt,
                nodeId,
                output,
                List.copyOf(nodes.values()),
                message,
                by != null ? by : requestedBy,
                now);
    }
}
