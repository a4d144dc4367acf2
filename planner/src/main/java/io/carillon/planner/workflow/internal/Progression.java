package io.carillon.planner.workflow.internal;

import io.carillon.topics.events.ControlCommand;
import io.carillon.topics.events.ControlType;
import io.carillon.topics.events.EdgeCondition;
import io.carillon.topics.events.FireIds;
import io.carillon.topics.events.JobRequest;
import io.carillon.topics.events.NodeState;
import io.carillon.topics.events.NodeStatus;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.WorkflowDefinition;
import io.carillon.topics.events.WorkflowEdge;
import io.carillon.topics.events.WorkflowEventType;
import io.carillon.topics.events.WorkflowIds;
import io.carillon.topics.events.WorkflowInstanceStatus;
import io.carillon.topics.events.WorkflowNode;
import io.carillon.topics.events.WorkflowRef;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Moves one instance forward: starts each PENDING node whose parents all ended as its edges ask (writing its
 * RUN_NOW request with the ancestors' outputs), SKIPs one whose edge condition can no longer be met, and ends the
 * instance once every node is done: FAILED when a node failed and no FAILED edge out of it led to a node that ran,
 * SUCCEEDED otherwise. Every change is reported as an event. Used by one stream task's thread only.
 */
final class Progression {

    /** Who the engine's requests and kill commands name as their requester. */
    static final String REQUESTED_BY = "workflow-engine";

    /**
     * How many attempts of a referenced job's run a cancel kills ahead (the run's retry policy is the job's, which
     * the engine does not read); for an inline node, its own {@code retry.maxAttempts}.
     */
    static final int REFERENCED_JOB_ATTEMPTS_KILLED = 3;

    private final EngineStores stores;
    private final EngineOutput output;

    Progression(EngineStores stores, EngineOutput output) {
        this.stores = stores;
        this.output = output;
    }

    /** Starts and skips nodes until nothing changes; returns whether the instance ended. */
    boolean advance(Instance instance, Instant now) {
        boolean changed = true;
        while (changed) {
            changed = false;
            for (WorkflowNode node : instance.definition().nodes()) {
                if (instance.node(node.id()).status() != NodeStatus.PENDING) {
                    continue;
                }
                Optional<String> blocked = blockedBy(instance, node);
                if (blocked.isPresent()) {
                    skip(instance, node.id(), blocked.get(), now);
                    changed = true;
                } else if (parentsEnded(instance, node)) {
                    start(instance, node.id(), null, now);
                    changed = true;
                }
            }
        }
        if (!instance.allDone()) {
            return false;
        }
        List<String> unhandled = unhandledFailures(instance);
        WorkflowInstanceStatus end =
                unhandled.isEmpty() ? WorkflowInstanceStatus.SUCCEEDED : WorkflowInstanceStatus.FAILED;
        instance.ended(end, now);
        String message = unhandled.isEmpty()
                ? null
                : "node" + (unhandled.size() > 1 ? "s " : " ") + String.join(", ", unhandled)
                        + " failed and no FAILED edge leads from " + (unhandled.size() > 1 ? "them" : "it")
                        + " to a node that ran";
        output.event(instance.event(WorkflowEventType.INSTANCE_ENDED, null, null, message, null, now));
        return true;
    }

    /** Starts the next round of node {@code nodeId}: writes its request and marks it RUNNING. */
    void start(Instance instance, String nodeId, String by, Instant now) {
        WorkflowNode node = instance.definitionOf(nodeId);
        NodeState state = instance.node(nodeId);
        int round = state.round() + 1;
        String requestId = WorkflowIds.nodeRequest(instance.id(), nodeId, round);
        WorkflowRef ref = new WorkflowRef(instance.workflowId(), instance.id(), nodeId, round, context(instance, node));
        String jobId = node.jobIdIn(instance.workflowId());
        output.request(JobRequest.workflowNode(jobId, node.params(), ref, REQUESTED_BY, now));
        instance.put(new NodeState(
                nodeId, jobId, NodeStatus.RUNNING, round, FireIds.runId(requestId, 0), null, null, now, null));
        output.event(instance.event(WorkflowEventType.NODE_CHANGED, nodeId, null, null, by, now));
    }

    /** Records the end of the current round of node {@code nodeId} as its run ended. */
    void nodeEnded(
            Instance instance, String nodeId, RunStatus runStatus, String nodeOutput, String message, Instant now) {
        NodeState state = instance.node(nodeId);
        NodeStatus status = runStatus == RunStatus.SUCCEEDED ? NodeStatus.SUCCEEDED : NodeStatus.FAILED;
        stores.putOutput(instance.id(), nodeId, nodeOutput);
        instance.put(new NodeState(
                nodeId,
                state.jobId(),
                status,
                state.round(),
                state.runId(),
                runStatus,
                message,
                state.startedAt(),
                now));
        output.event(instance.event(WorkflowEventType.NODE_CHANGED, nodeId, nodeOutput, null, null, now));
    }

    /** Marks node {@code nodeId} SUCCEEDED without a run (SKIP_NODE). */
    void markSucceeded(Instance instance, String nodeId, String by, Instant now) {
        NodeState state = instance.node(nodeId);
        instance.put(new NodeState(
                nodeId,
                state.jobId(),
                NodeStatus.SUCCEEDED,
                state.round(),
                state.runId(),
                state.runStatus(),
                "skipped by " + by,
                state.startedAt(),
                now));
        output.event(instance.event(WorkflowEventType.NODE_CHANGED, nodeId, null, null, by, now));
    }

    /** Sets the SKIPPED descendants of {@code nodeId} back to PENDING, so that they are decided again. */
    void reconsiderDescendants(Instance instance, String nodeId) {
        WorkflowDefinition definition = instance.definition();
        Deque<String> queue = new ArrayDeque<>();
        Set<String> seen = new HashSet<>();
        definition.edgesFrom(nodeId).forEach(edge -> queue.add(edge.to()));
        while (!queue.isEmpty()) {
            String id = queue.poll();
            if (!seen.add(id)) {
                continue;
            }
            NodeState state = instance.node(id);
            if (state.status() == NodeStatus.SKIPPED) {
                instance.put(new NodeState(
                        id, state.jobId(), NodeStatus.PENDING, state.round(), null, null, null, null, null));
                definition.edgesFrom(id).forEach(edge -> queue.add(edge.to()));
            }
        }
    }

    /** Cancels the instance: its PENDING and RUNNING nodes become CANCELLED, the runs of the RUNNING ones killed. */
    void cancel(Instance instance, String reason, String by, Instant now) {
        for (NodeState node : instance.nodes()) {
            if (node.status() == NodeStatus.RUNNING) {
                kill(instance, node, by, now);
            }
            if (!node.status().isDone()) {
                instance.put(new NodeState(
                        node.nodeId(),
                        node.jobId(),
                        NodeStatus.CANCELLED,
                        node.round(),
                        node.runId(),
                        node.runStatus(),
                        reason,
                        node.startedAt(),
                        node.status() == NodeStatus.RUNNING ? now : null));
            }
        }
        instance.ended(WorkflowInstanceStatus.CANCELLED, now);
        output.event(instance.event(WorkflowEventType.INSTANCE_ENDED, null, null, reason, by, now));
    }

    private void kill(Instance instance, NodeState node, String by, Instant now) {
        WorkflowNode definition = instance.definitionOf(node.nodeId());
        String fireId = WorkflowIds.nodeRequest(instance.id(), node.nodeId(), node.round());
        int attempts = definition.isInline()
                ? (definition.retry() == null ? 1 : definition.retry().maxAttempts())
                : REFERENCED_JOB_ATTEMPTS_KILLED;
        for (int attempt = 1; attempt <= attempts; attempt++) {
            String runId = FireIds.runId(attempt == 1 ? fireId : FireIds.retry(fireId, attempt), 0);
            output.kill(new ControlCommand(
                    ControlCommand.SCHEMA_VERSION,
                    "workflow-cancel:" + runId,
                    ControlType.KILL,
                    runId,
                    node.jobId(),
                    definition.isInline() ? definition.app() : null,
                    null,
                    by != null ? by : REQUESTED_BY,
                    now));
        }
    }

    private void skip(Instance instance, String nodeId, String reason, Instant now) {
        NodeState state = instance.node(nodeId);
        instance.put(
                new NodeState(nodeId, state.jobId(), NodeStatus.SKIPPED, state.round(), null, null, reason, null, now));
        output.event(instance.event(WorkflowEventType.NODE_CHANGED, nodeId, null, null, null, now));
    }

    /** Why {@code node} can no longer start: an edge whose parent ended otherwise than it asks; empty if none. */
    private static Optional<String> blockedBy(Instance instance, WorkflowNode node) {
        for (WorkflowEdge edge : instance.definition().edgesInto(node.id())) {
            NodeStatus parent = instance.node(edge.from()).status();
            if (parent.isDone() && !edge.when().isMetBy(parent)) {
                return Optional.of("the edge from '" + edge.from() + "' asks for " + edge.when() + "; '" + edge.from()
                        + "' ended " + parent);
            }
        }
        return Optional.empty();
    }

    private static boolean parentsEnded(Instance instance, WorkflowNode node) {
        return instance.definition().edgesInto(node.id()).stream()
                .allMatch(edge -> instance.node(edge.from()).status().isDone());
    }

    private static List<String> unhandledFailures(Instance instance) {
        return instance.withStatus(NodeStatus.FAILED).stream()
                .map(NodeState::nodeId)
                .filter(nodeId -> instance.definition().edgesFrom(nodeId).stream()
                        .filter(edge -> edge.when() == EdgeCondition.FAILED)
                        .map(edge -> instance.node(edge.to()).status())
                        .noneMatch(child -> child == NodeStatus.SUCCEEDED || child == NodeStatus.FAILED))
                .map(nodeId -> "'" + nodeId + "'")
                .toList();
    }

    /**
     * The outputs of {@code node}'s ancestors, nearest first (breadth first over the edges into it), as many as fit
     * in {@link WorkflowRef#MAX_CONTEXT_CHARS}.
     */
    private Map<String, String> context(Instance instance, WorkflowNode node) {
        WorkflowDefinition definition = instance.definition();
        Map<String, String> context = new LinkedHashMap<>();
        Deque<String> queue = new ArrayDeque<>();
        Set<String> seen = new HashSet<>();
        definition.edgesInto(node.id()).forEach(edge -> queue.add(edge.from()));
        long chars = 0;
        while (!queue.isEmpty()) {
            String ancestor = queue.poll();
            if (!seen.add(ancestor)) {
                continue;
            }
            String value = stores.output(instance.id(), ancestor);
            if (value != null && chars + ancestor.length() + value.length() <= WorkflowRef.MAX_CONTEXT_CHARS) {
                context.put(ancestor, value);
                chars += ancestor.length() + value.length();
            }
            definition.edgesInto(ancestor).forEach(edge -> queue.add(edge.from()));
        }
        return context;
    }
}
