package io.carillon.planner.internal;

import java.time.Instant;

import io.carillon.topics.events.FireIds;
import io.carillon.topics.events.FireKind;

/**
 * An entry of the timer store: the fire {@code fireId} of {@code jobId} is to be written to {@code fires} once
 * {@code at} comes within the horizon. A scheduled timer (kind SCHEDULED) stands for the job's next scheduled
 * instant; the others come from requests or results and carry their own params, parent run id and attempt. A
 * BACKFILL timer is a cursor: {@code at} is the next instant to backfill and {@code until} the last one; its
 * {@code fireId} is the request id.
 */
public record Timer(String jobId, String fireId, Instant at, FireKind kind, String params, String parentRunId,
        int attempt, Instant until) {

    public Timer {
        attempt = Math.max(1, attempt);
    }

    static Timer scheduled(String jobId, Instant at) {
        return new Timer(jobId, FireIds.scheduled(jobId, at), at, FireKind.SCHEDULED, null, null, 1, null);
    }

    static Timer of(String jobId, String fireId, Instant at, FireKind kind, String params, String parentRunId) {
        return new Timer(jobId, fireId, at, kind, params, parentRunId, 1, null);
    }

    Timer movedTo(Instant newAt) {
        return new Timer(jobId, fireId, newAt, kind, params, parentRunId, attempt, until);
    }
}
