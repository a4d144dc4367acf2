package io.carillon.topics;

import io.carillon.topics.events.BlockStrategy;
import io.carillon.topics.events.RoutingStrategy;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.WorkflowCommand;
import io.carillon.topics.events.WorkflowDefinition;
import io.carillon.topics.events.WorkflowEdge;
import io.carillon.topics.events.WorkflowIds;
import io.carillon.topics.events.WorkflowNode;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The rules a workflow definition and a workflow command must follow, shared by the console (400 answers naming the
 * field and the node) and the workflow engine (dead letters): ids, at most {@link #MAX_NODES} nodes and
 * {@link #MAX_EDGES} edges, node ids unique, each node either a job reference or an inline handler, edges between
 * known nodes, no cycle, every node reachable from a root (a node without parents). Stateless and thread-safe.
 */
public final class WorkflowValidator {

    /** A node id: a slug of 1 to 64 characters without dots (the job of an inline node is {@code <workflow>.<node>}). */
    public static final Pattern NODE_ID = Pattern.compile("[a-z0-9][a-z0-9_-]{0,63}");
    /** The most nodes a workflow may have. */
    public static final int MAX_NODES = 200;
    /** The most edges a workflow may have. */
    public static final int MAX_EDGES = 1_000;
    /** The largest {@code maxInstances}. */
    public static final int MAX_CONCURRENT_INSTANCES = 100;
    /** The longest job id, which an inline node's {@code <workflow>.<node>} must not exceed. */
    private static final int MAX_JOB_ID_LENGTH = 128;

    private WorkflowValidator() {}

    public static boolean isValidNodeId(String id) {
        return id != null && NODE_ID.matcher(id).matches();
    }

    /** The problems with {@code workflow}; empty when it is valid. */
    public static List<FieldError> validate(WorkflowDefinition workflow) {
        List<FieldError> errors = new ArrayList<>();
        if (!JobValidator.isValidJobId(workflow.id())) {
            errors.add(new FieldError(
                    "id",
                    "'" + workflow.id() + "' is not a valid workflow id: use 1 to 128 characters of a-z, 0-9, '.', '_'"
                            + " or '-', starting with a letter or digit"));
        }
        for (int i = 0; i < workflow.apps().size(); i++) {
            if (!TopicCatalog.isValidAppName(workflow.apps().get(i))) {
                errors.add(
                        new FieldError("apps[" + i + "]", "'" + workflow.apps().get(i) + "' is not a valid app name"));
            }
        }
        errors.addAll(ScheduleValidator.validate(workflow.schedule(), "schedule"));
        if (workflow.maxInstances() > MAX_CONCURRENT_INSTANCES) {
            errors.add(new FieldError("maxInstances", "must be from 1 to " + MAX_CONCURRENT_INSTANCES));
        }
        Long maxDuration = workflow.maxDurationMs();
        if (maxDuration != null
                && (maxDuration < JobValidator.MIN_MAX_RUNTIME_MS || maxDuration > JobValidator.MAX_MAX_RUNTIME_MS)) {
            errors.add(new FieldError(
                    "maxDurationMs",
                    "must be from " + JobValidator.MIN_MAX_RUNTIME_MS + " to " + JobValidator.MAX_MAX_RUNTIME_MS
                            + " (30 days)"));
        }
        if (workflow.blockStrategy() == BlockStrategy.PARALLEL) {
            errors.add(new FieldError(
                    "blockStrategy",
                    "PARALLEL does not apply to a workflow: raise maxInstances, and choose SERIAL, DISCARD_LATER or"
                            + " COVER_EARLY for the instance after them"));
        }
        Map<String, Integer> ids = nodeIds(workflow, errors);
        errors.addAll(validateEdges(workflow.edges(), ids));
        if (errors.isEmpty()) {
            errors.addAll(validateGraph(workflow));
        }
        return errors;
    }

    private static Map<String, Integer> nodeIds(WorkflowDefinition workflow, List<FieldError> errors) {
        List<WorkflowNode> nodes = workflow.nodes();
        if (nodes.isEmpty()) {
            errors.add(new FieldError("nodes", "must have at least one node"));
        } else if (nodes.size() > MAX_NODES) {
            errors.add(
                    new FieldError("nodes", "has " + nodes.size() + " nodes; at most " + MAX_NODES + " are allowed"));
        }
        Map<String, Integer> ids = new LinkedHashMap<>();
        for (int i = 0; i < nodes.size(); i++) {
            WorkflowNode node = nodes.get(i);
            String field = "nodes[" + i + "]";
            if (!isValidNodeId(node.id())) {
                errors.add(new FieldError(
                        field + ".id",
                        "'" + node.id() + "' is not a valid node id: use 1 to 64 characters of a-z, 0-9, '_' or '-',"
                                + " starting with a letter or digit"));
                continue;
            }
            if (ids.putIfAbsent(node.id(), i) != null) {
                errors.add(new FieldError(field + ".id", "node '" + node.id() + "' is listed twice"));
            }
            errors.addAll(validateNode(workflow, node, field));
        }
        return ids;
    }

    private static List<FieldError> validateNode(WorkflowDefinition workflow, WorkflowNode node, String field) {
        List<FieldError> errors = new ArrayList<>();
        String named = "node '" + node.id() + "'";
        if (!node.isInline()) {
            if (!JobValidator.isValidJobId(node.jobId())) {
                errors.add(new FieldError(field + ".jobId", named + ": '" + node.jobId() + "' is not a valid job id"));
            }
            if (node.app() != null || node.handler() != null) {
                errors.add(new FieldError(field + ".jobId", named + ": set either jobId or app and handler, not both"));
            }
            if (node.concurrency() != null) {
                errors.add(new FieldError(
                        field + ".concurrency",
                        named + ": a node that names a job takes that job's concurrency limit; set it on job '"
                                + node.jobId() + "'"));
            }
            return errors;
        }
        LimitValidator.validate(node.concurrency(), node.routing())
                .forEach(error ->
                        errors.add(new FieldError(field + "." + error.field(), named + ": " + error.message())));
        if (!TopicCatalog.isValidAppName(node.app())) {
            errors.add(new FieldError(field + ".app", named + ": '" + node.app() + "' is not a valid app name"));
        } else if (!workflow.apps().isEmpty() && !workflow.apps().contains(node.app())) {
            errors.add(new FieldError(
                    field + ".app", named + ": app '" + node.app() + "' is not one of the workflow's apps"));
        }
        if (node.handler() == null || node.handler().isBlank()) {
            errors.add(new FieldError(field + ".handler", named + ": is required (or name a job with jobId)"));
        }
        if (node.timeoutMs() < 0) {
            errors.add(new FieldError(field + ".timeoutMs", named + ": must not be negative"));
        }
        if (node.routing() == RoutingStrategy.SHARDING_BROADCAST) {
            errors.add(new FieldError(
                    field + ".routing", named + ": SHARDING_BROADCAST does not apply to a workflow node"));
        }
        if (workflow.id() != null
                && WorkflowIds.nodeJobId(workflow.id(), node.id()).length() > MAX_JOB_ID_LENGTH) {
            errors.add(new FieldError(
                    field + ".id",
                    named + ": its job id '" + WorkflowIds.nodeJobId(workflow.id(), node.id()) + "' is longer than "
                            + MAX_JOB_ID_LENGTH + " characters; use a shorter workflow or node id"));
        }
        return errors;
    }

    private static List<FieldError> validateEdges(List<WorkflowEdge> edges, Map<String, Integer> ids) {
        List<FieldError> errors = new ArrayList<>();
        if (edges.size() > MAX_EDGES) {
            errors.add(
                    new FieldError("edges", "has " + edges.size() + " edges; at most " + MAX_EDGES + " are allowed"));
        }
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < edges.size(); i++) {
            WorkflowEdge edge = edges.get(i);
            String field = "edges[" + i + "]";
            if (!ids.containsKey(edge.from())) {
                errors.add(new FieldError(field + ".from", "unknown node '" + edge.from() + "'"));
            }
            if (!ids.containsKey(edge.to())) {
                errors.add(new FieldError(field + ".to", "unknown node '" + edge.to() + "'"));
            }
            if (edge.from() != null && edge.from().equals(edge.to())) {
                errors.add(new FieldError(field, "node '" + edge.from() + "' cannot be its own parent"));
            } else if (!seen.add(edge.from() + "\n" + edge.to())) {
                errors.add(new FieldError(
                        field, "the edge from '" + edge.from() + "' to '" + edge.to() + "' is listed twice"));
            }
        }
        return errors;
    }

    /** Cycles and unreachable nodes, on a graph whose edges all join known nodes. */
    private static List<FieldError> validateGraph(WorkflowDefinition workflow) {
        Map<String, List<String>> children = new LinkedHashMap<>();
        Map<String, Integer> parents = new HashMap<>();
        workflow.nodes().forEach(node -> {
            children.put(node.id(), new ArrayList<>());
            parents.put(node.id(), 0);
        });
        for (WorkflowEdge edge : workflow.edges()) {
            children.get(edge.from()).add(edge.to());
            parents.merge(edge.to(), 1, Integer::sum);
        }
        List<FieldError> errors = new ArrayList<>();
        List<String> cycle = findCycle(children);
        if (!cycle.isEmpty()) {
            int index = indexOf(workflow, cycle.get(0));
            errors.add(new FieldError(
                    "nodes[" + index + "]",
                    "node '" + cycle.get(0) + "' is on a cycle: " + String.join(" -> ", cycle)));
            return errors;
        }
        Set<String> reached = new HashSet<>();
        Deque<String> queue = new ArrayDeque<>();
        parents.forEach((id, count) -> {
            if (count == 0) {
                queue.add(id);
            }
        });
        while (!queue.isEmpty()) {
            String id = queue.poll();
            if (reached.add(id)) {
                queue.addAll(children.get(id));
            }
        }
        for (WorkflowNode node : workflow.nodes()) {
            if (!reached.contains(node.id())) {
                errors.add(new FieldError(
                        "nodes[" + indexOf(workflow, node.id()) + "]",
                        "node '" + node.id() + "' cannot be reached from a node without parents"));
            }
        }
        return errors;
    }

    /** One cycle as the path of node ids that closes it ({@code a -> b -> a}), or empty when there is none. */
    private static List<String> findCycle(Map<String, List<String>> children) {
        Map<String, Integer> state = new HashMap<>();
        for (String start : children.keySet()) {
            if (state.containsKey(start)) {
                continue;
            }
            Deque<String> path = new ArrayDeque<>();
            Deque<Integer> next = new ArrayDeque<>();
            path.push(start);
            next.push(0);
            state.put(start, 1);
            while (!path.isEmpty()) {
                String id = path.peek();
                int at = next.pop();
                List<String> out = children.get(id);
                if (at == out.size()) {
                    state.put(id, 2);
                    path.pop();
                    continue;
                }
                next.push(at + 1);
                String child = out.get(at);
                Integer seen = state.get(child);
                if (seen == null) {
                    state.put(child, 1);
                    path.push(child);
                    next.push(0);
                } else if (seen == 1) {
                    List<String> cycle = new ArrayList<>();
                    List<String> stack = new ArrayList<>(path);
                    Collections.reverse(stack);
                    cycle.addAll(stack.subList(stack.indexOf(child), stack.size()));
                    cycle.add(child);
                    return cycle;
                }
            }
        }
        return List.of();
    }

    private static int indexOf(WorkflowDefinition workflow, String nodeId) {
        for (int i = 0; i < workflow.nodes().size(); i++) {
            if (workflow.nodes().get(i).id().equals(nodeId)) {
                return i;
            }
        }
        return -1;
    }

    /** The problems with {@code command}; empty when it is valid. */
    public static List<FieldError> validate(WorkflowCommand command) {
        List<FieldError> errors = new ArrayList<>();
        if (command.commandId() == null || command.commandId().isBlank()) {
            errors.add(new FieldError("commandId", "is required"));
        }
        if (!JobValidator.isValidJobId(command.workflowId())) {
            errors.add(new FieldError("workflowId", "'" + command.workflowId() + "' is not a valid workflow id"));
        }
        if (command.type() == null) {
            errors.add(new FieldError("type", "is required"));
            return errors;
        }
        switch (command.type()) {
            case START -> {}
            case CANCEL -> requireText(errors, "instanceId", command.instanceId(), command);
            case RETRY_NODE, SKIP_NODE -> {
                requireText(errors, "instanceId", command.instanceId(), command);
                requireText(errors, "nodeId", command.nodeId(), command);
            }
            case NODE_ENDED -> {
                requireText(errors, "instanceId", command.instanceId(), command);
                requireText(errors, "nodeId", command.nodeId(), command);
                if (command.status() == null || !command.status().isTerminal()) {
                    errors.add(new FieldError("status", "must be a terminal run status for NODE_ENDED"));
                }
                if (command.output() != null && command.output().length() > RunResult.MAX_OUTPUT_CHARS) {
                    errors.add(
                            new FieldError("output", "is longer than " + RunResult.MAX_OUTPUT_CHARS + " characters"));
                }
            }
        }
        return errors;
    }

    private static void requireText(List<FieldError> errors, String field, String value, WorkflowCommand command) {
        if (value == null || value.isBlank()) {
            errors.add(new FieldError(field, "is required for " + command.type()));
        }
    }
}
