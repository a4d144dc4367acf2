package io.carillon.topics.events;

/** What a {@link WorkflowEvent} reports. */
public enum WorkflowEventType {
    /** An instance waits for a free slot (block strategy SERIAL). */
    INSTANCE_QUEUED,
    /** An instance started: its root nodes are requested. */
    INSTANCE_STARTED,
    /** One node of a running instance changed state ({@link WorkflowEvent#nodeId()}). */
    NODE_CHANGED,
    /** An instance ended (SUCCEEDED, FAILED, CANCELLED or DISCARDED). */
    INSTANCE_ENDED
}
