package io.carillon.topics.events;

/** When an edge of a workflow lets its child start: on the state its parent node ended in. */
public enum EdgeCondition {
    /** The parent node succeeded (the default). */
    SUCCEEDED,
    /** The parent node failed (its run ended FAILED, TIMED_OUT, KILLED, LOST, NO_WORKER or SKIPPED, no retry left). */
    FAILED,
    /** The parent node ended in any way: succeeded, failed or skipped. */
    ENDED;

    /** Whether a parent that ended as {@code parent} meets this condition. */
    public boolean isMetBy(NodeStatus parent) {
        return switch (this) {
            case SUCCEEDED -> parent == NodeStatus.SUCCEEDED;
            case FAILED -> parent == NodeStatus.FAILED;
            case ENDED -> parent.isDone();
        };
    }
}
