package io.carillon.topics.events;

import java.time.Instant;

/**
 * A request to the planner on the {@code requests} topic (key: job id). Anyone allowed to produce there can trigger
 * a job. {@code requestId} makes the request idempotent: the planner acts on a request id once. {@code at} is the
 * instant for RUN_AT, {@code from}/{@code to} the range for BACKFILL; {@code params}, when set, override the job's
 * params for the fire it causes.
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
        Instant requestedAt) {

    public static final int SCHEMA_VERSION = 1;

    public JobRequest {
        schemaVersion = schemaVersion == 0 ? SCHEMA_VERSION : schemaVersion;
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
