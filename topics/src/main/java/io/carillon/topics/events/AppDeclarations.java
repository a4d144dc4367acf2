package io.carillon.topics.events;

import java.time.Instant;
import java.util.List;

/**
 * The jobs and workflows a worker app declares in its code or configuration, as one instance of version
 * {@code appVersion} of the app published them at its start, on the compacted {@code declarations} topic (key: app).
 * The record holds the app's whole declaration set, so a reader knows which job and workflow ids that version
 * declares and which it no longer does. Each job's {@code app} is {@code app}, and so is the app of each inline node
 * of a workflow; their {@code version} means nothing here (the console numbers the versions). At most
 * {@link #MAX_JOBS} jobs and {@link #MAX_WORKFLOWS} workflows; a record without {@code workflows} (written before
 * workflows could be declared) declares none.
 */
public record AppDeclarations(
        int schemaVersion,
        String app,
        String appVersion,
        String instanceId,
        Instant declaredAt,
        List<JobDefinition> jobs,
        List<WorkflowDefinition> workflows) {

    public static final int SCHEMA_VERSION = 1;
    /** The most jobs one app may declare: the record stays well under Kafka's default record size of 1 MiB. */
    public static final int MAX_JOBS = 500;
    /** The most workflows one app may declare. */
    public static final int MAX_WORKFLOWS = 100;

    public AppDeclarations {
        schemaVersion = schemaVersion == 0 ? SCHEMA_VERSION : schemaVersion;
        jobs = jobs == null ? List.of() : List.copyOf(jobs);
        workflows = workflows == null ? List.of() : List.copyOf(workflows);
    }
}
