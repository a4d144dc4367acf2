package io.carillon.topics.events;

/** The state of one workflow instance. */
public enum WorkflowInstanceStatus {
    /** Waiting for a free slot: the workflow runs {@code maxInstances} instances already (block strategy SERIAL). */
    QUEUED(false),
    RUNNING(false),
    /** Every node is done and every failed node was handled by a FAILED edge. */
    SUCCEEDED(true),
    /** A node failed and no FAILED edge leaves it. */
    FAILED(true),
    /** Cancelled by a CANCEL command, or replaced by a newer instance (block strategy COVER_EARLY). */
    CANCELLED(true),
    /** Never started: the workflow ran {@code maxInstances} instances already (block strategy DISCARD_LATER). */
    DISCARDED(true);

    private final boolean ended;

    WorkflowInstanceStatus(boolean ended) {
        this.ended = ended;
    }

    /** Whether no further change follows, except a RETRY_NODE or SKIP_NODE of a FAILED instance. */
    public boolean isEnded() {
        return ended;
    }
}
