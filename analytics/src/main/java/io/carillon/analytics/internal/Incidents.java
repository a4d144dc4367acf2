package io.carillon.analytics.internal;

import java.time.Instant;

import io.carillon.topics.events.Incident;
import io.carillon.topics.events.IncidentAction;
import io.carillon.topics.events.IncidentRule;

/** Builds the steps of incidents. Stateless. */
final class Incidents {

    private Incidents() {
    }

    static Incident step(IncidentRule rule, String id, IncidentAction action, String app, String jobId,
            Instant openedAt, Instant at, int count, String fireId, String message) {
        return new Incident(Incident.SCHEMA_VERSION, id, action, rule, app, jobId, openedAt, at, count, fireId,
                message);
    }
}
