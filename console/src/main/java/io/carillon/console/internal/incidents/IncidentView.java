package io.carillon.console.internal.incidents;

import java.time.Instant;

/**
 * An incident's current state: {@code OPEN} or {@code RESOLVED}, with who acknowledged it and when. {@code jobId} is
 * absent for an app's incident (no worker).
 */
record IncidentView(
        String id,
        String rule,
        String app,
        String jobId,
        String state,
        Instant openedAt,
        Instant lastStepAt,
        Instant resolvedAt,
        int count,
        String fireId,
        String message,
        String acknowledgedBy,
        Instant acknowledgedAt) {}
