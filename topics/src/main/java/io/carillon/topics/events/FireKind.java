package io.carillon.topics.events;

/** Why a fire exists. */
public enum FireKind {
    SCHEDULED,
    MANUAL,
    API,
    RETRY,
    CHILD,
    MISFIRE,
    BACKFILL,
    /** A run of a workflow node, requested by the workflow engine (the fire carries its {@link WorkflowRef}). */
    WORKFLOW
}
