package io.carillon.topics.events;

import java.time.Instant;

/**
 * One step of an incident on the {@code alerts} topic (key: {@code incidentId}, so an incident's steps stay in
 * order). {@code incidentId} is deterministic ({@code <rule>:<job>:<what opened it>}), so consumers deduplicate by id
 * and action. {@code count} is how many failures or missed instants the incident holds so far; {@code openedAt} is
 * when it opened and {@code at} when this step happened; {@code fireId} names the fire (or, for a missed instant, the
 * scheduled fire id) the step is about.
 */
public record Incident(
        int schemaVersion,
        String incidentId,
        IncidentAction action,
        IncidentRule rule,
        String app,
        String jobId,
        Instant openedAt,
        Instant at,
        int count,
        String fireId,
        String message) {

    public static final int SCHEMA_VERSION = 1;

    public Incident {
        schemaVersion = schemaVersion == 0 ? SCHEMA_VERSION : schemaVersion;
    }
}
