package io.carillon.topics.events;

/** What a {@link WorkflowCommand} asks the workflow engine to do. */
public enum WorkflowCommandType {
    /** Start a new instance now (a manual trigger); the command id makes it idempotent. */
    START,
    /** Run a FAILED node of an instance again (a new round) and carry on from it. */
    RETRY_NODE,
    /** Mark a FAILED or PENDING node of an instance SUCCEEDED without running it, and carry on. */
    SKIP_NODE,
    /** Cancel an instance: no node starts any more and the running nodes' runs are killed. */
    CANCEL,
    /** Written by the planner: the run of a node reached its final terminal state. */
    NODE_ENDED
}
