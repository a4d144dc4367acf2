package io.carillon.analytics.internal;

import io.carillon.topics.events.Incident;
import io.carillon.topics.events.IncidentAction;
import io.carillon.topics.events.IncidentRule;
import java.time.Instant;

/** Builds the steps of incidents, their messages cut to {@value #MAX_MESSAGE_CHARS} characters. Stateless. */
final class Incidents {

    static final int MAX_MESSAGE_CHARS = 1_000;

    private Incidents() {}

    static Incident step(
            IncidentRule rule,
            String id,
            IncidentAction action,
            String app,
            String jobId,
            Instant openedAt,
            Instant at,
            int count,
            String fireId,
            String message) {
        String bounded = message != null && message.length() > MAX_MESSAGE_CHARS
                ? message.substring(0, MAX_MESSAGE_CHARS - 1) + "…"
                : message;
        return new Incident(
                Incident.SCHEMA_VERSION, id, action, rule, app, jobId, openedAt, at, count, fireId, bounded);
    }
}
