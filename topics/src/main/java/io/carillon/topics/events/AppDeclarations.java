package io.carillon.topics.events;

import java.time.Instant;
import java.util.List;

/**
 * The jobs, workflows, calendars and concurrency limits a worker app declares in its code or configuration, as one
 * instance of version {@code appVersion} of the app published them at its start, on the compacted
 * {@code declarations} topic (key: app). The record holds the app's whole declaration set, so a reader knows which
 * ids that version declares and which it no longer does. Each job's {@code app} is {@code app}, and so is the app of
 * each inline node of a workflow; their {@code version} means nothing here (the console numbers the versions). At
 * most {@link #MAX_JOBS} jobs, {@link #MAX_WORKFLOWS} workflows, {@link #MAX_CALENDARS} calendars and
 * {@link #MAX_LIMITS} limits; a record without {@code workflows}, {@code calendars} or {@code limits} declares none
 * of them.
 */
public record AppDeclarations(
        int schemaVersion,
        String app,
        String appVersion,
        String instanceId,
        Instant declaredAt,
        List<JobDefinition> jobs,
        List<WorkflowDefinition> workflows,
        List<Calendar> calendars,
        List<ConcurrencyLimit> limits) {

    public static final int SCHEMA_VERSION = 1;
    /** The most jobs one app may declare: the record stays well under Kafka's default record size of 1 MiB. */
    public static final int MAX_JOBS = 500;
    /** The most workflows one app may declare. */
    public static final int MAX_WORKFLOWS = 100;
    /** The most calendars one app may declare: even at their largest they keep the record under 1 MiB. */
    public static final int MAX_CALENDARS = 10;
    /** The most concurrency limits one app may declare. */
    public static final int MAX_LIMITS = 50;

    public AppDeclarations {
        schemaVersion = schemaVersion == 0 ? SCHEMA_VERSION : schemaVersion;
        jobs = jobs == null ? List.of() : List.copyOf(jobs);
        workflows = workflows == null ? List.of() : List.copyOf(workflows);
        calendars = calendars == null ? List.of() : List.copyOf(calendars);
        limits = limits == null ? List.of() : List.copyOf(limits);
    }
}
