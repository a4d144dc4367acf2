package io.carillon.topics.events;

/** The state of one node in one workflow instance ({@link NodeState}). */
public enum NodeStatus {
    /** Waiting for its parents. */
    PENDING(false),
    /** Its run was requested and has not ended yet (it may be retried by the planner meanwhile). */
    RUNNING(false),
    SUCCEEDED(true),
    /** Its run ended without success and no retry follows. */
    FAILED(true),
    /** Not run: the conditions of its edges can no longer be met. */
    SKIPPED(true),
    /** Not run, or its run stopped waiting for: the instance was cancelled. */
    CANCELLED(true);

    private final boolean done;

    NodeStatus(boolean done) {
        this.done = done;
    }

    /** Whether the node reached its end in this round (a RETRY_NODE command may start a new round of a FAILED one). */
    public boolean isDone() {
        return done;
    }
}
