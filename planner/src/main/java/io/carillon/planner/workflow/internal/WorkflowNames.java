package io.carillon.planner.workflow.internal;

/** The names of the workflow engine's topology nodes and state stores. */
public final class WorkflowNames {

    public static final String DEFINITIONS_SOURCE = "workflow-definitions-source";
    public static final String COMMANDS_SOURCE = "workflow-commands-source";
    public static final String ENGINE = "workflow-engine";
    public static final String JOBS_SINK = "workflow-jobs-sink";
    public static final String REQUESTS_SINK = "workflow-requests-sink";
    public static final String EVENTS_SINK = "workflow-events-sink";
    public static final String CONTROL_SINK = "workflow-control-sink";
    public static final String DLQ_SINK = "workflow-dlq-sink";

    private WorkflowNames() {}
}
