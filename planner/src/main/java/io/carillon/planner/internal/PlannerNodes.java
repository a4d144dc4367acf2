package io.carillon.planner.internal;

/** The names of the planner topology's nodes. */
public final class PlannerNodes {

    public static final String JOBS_SOURCE = "jobs-source";
    public static final String REQUESTS_SOURCE = "requests-source";
    public static final String RESULTS_SOURCE = "results-source";
    public static final String CLAIMS_SOURCE = "claims-source";
    public static final String PLANNER = "planner";
    public static final String WORKERS_SOURCE = "workers-source";
    public static final String HEARTBEATS = "heartbeats";
    public static final String CALENDARS_SOURCE = "calendars-source";
    public static final String CALENDARS = "calendars";
    public static final String LIMITS_SOURCE = "limits-source";
    public static final String LIMITS = "limits";
    public static final String FIRES_SINK = "fires-sink";
    public static final String FIRE_BATCHES_SINK = "fire-batches-sink";
    public static final String DLQ_SINK = "dlq-sink";
    public static final String RESULTS_SINK = "results-sink";
    public static final String REQUESTS_SINK = "requests-sink";
    public static final String ALERTS_SINK = "alerts-sink";
    public static final String WORKFLOW_COMMANDS_SINK = "workflow-commands-sink";
    public static final String LIMIT_COMMANDS_SINK = "limit-commands-sink";

    private PlannerNodes() {}
}
