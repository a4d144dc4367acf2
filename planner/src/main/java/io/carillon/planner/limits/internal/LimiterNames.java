package io.carillon.planner.limits.internal;

/** The names of the limiter's nodes. */
public final class LimiterNames {

    public static final String COMMANDS_SOURCE = "limit-commands-source";
    public static final String LIMITER = "limiter";
    public static final String FIRES_SINK = "limiter-fires-sink";
    public static final String RESULTS_SINK = "limiter-results-sink";
    public static final String DLQ_SINK = "limiter-dlq-sink";

    private LimiterNames() {}
}
