package io.carillon.topics.events;

import java.time.Instant;

/**
 * A request to the planner on the {@code requests} topic (key: job id). Anyone allowed to produce there can trigger
 * a job. {@code requestId} makes the request idempotent: the planner acts on a request id once. {@code at} is the
 * instant for RUN_AT, {@code from}/{@code to} the range for BACKFILL; {@code params}, when set, override the job's
 * params for the fire it causes. {@code workflow}, set on the RUN_NOW requests of the workflow engine, ties the fire
 * to a workflow node: its kind is WORKFLOW and the planner reports the end of its run to the engine.
 */
public record JobRequest(
        int schemaVersion,
        String requestId,
        String jobId,
        RequestType type,
        Instant at,
        Instant from,
        Instant to,
        String params,
        String parentRunId,
        String requestedBy,
        Instant requestedAt,
        WorkflowRef workflow) {

    public static final int SCHEMA_VERSION = 1;

    public JobRequest {
        schemaVersion = schemaVersion == 0 ? SCHEMA_VERSION : schemaVersion;
    }

    /** A request that is no workflow node's. */
    public JobRequest(
            int schemaVersion,
            String requestId,
            String jobId,
            RequestType type,
            Instant at,
            Instant from,
            Instant to,
            String params,
            String parentRunId,
            String requestedBy,
            Instant requestedAt) {
        this(schemaVersion, requestId, jobId, type, at, from, to, params, parentRunId, requestedBy, requestedAt, null);
    }

    /** A RUN_NOW of the node {@code workflow} names, with request id {@link WorkflowIds#nodeRequest}. */
    public static JobRequest workflowNode(
            String jobId, String params, WorkflowRef workflow, String requestedBy, Instant requestedAt) {
        return new JobRequest(
                SCHEMA_VERSION,
                WorkflowIds.nodeRequest(workflow.instanceId(), workflow.nodeId(), workflow.round()),
                jobId,
                RequestType.RUN_NOW,
                null,
                null,
                null,
                params,
                null,
                requestedBy,
                requestedAt,
                workflow);
    }

    public static JobRequest runNow(
            String requestId, String jobId, String params, String requestedBy, Instant requestedAt) {
        return new JobRequest(
                SCHEMA_VERSION,
                requestId,
                jobId,
                RequestType.RUN_NOW,
                null,
                null,
                null,
                params,
                null,
                requestedBy,
                requestedAt);
    }
}
