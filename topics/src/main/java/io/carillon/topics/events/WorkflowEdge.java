package io.carillon.topics.events;

/**
 * An edge of a workflow: node {@code to} may start once node {@code from} ended as {@code when} says (null means
 * {@link EdgeCondition#SUCCEEDED}). A node with several incoming edges starts once, when all its parents ended and
 * every edge's condition is met; when one can no longer be met, the node is SKIPPED. Immutable.
 */
public record WorkflowEdge(String from, String to, EdgeCondition when) {

    public WorkflowEdge {
        when = when == null ? EdgeCondition.SUCCEEDED : when;
    }

    /** An edge taken when {@code from} succeeded. */
    public static WorkflowEdge of(String from, String to) {
        return new WorkflowEdge(from, to, EdgeCondition.SUCCEEDED);
    }
}
