package io.carillon.planner.internal;

import java.time.Instant;

import io.carillon.topics.events.FireIds;
import io.carillon.topics.events.FireKind;

/**
 * An entry of the timer store: the fire {@code fireId} of {@code jobId} is to be written to {@code fires} once
 * {@code at} comes within the horizon. A scheduled timer (kind SCHEDULED) stands for the job's next scheduled
 * instant; the others come from requests and carry their own params.
 */
public record Timer(String jobId, String fireId, Instant at, FireKind kind, String params, String parentRunId) {

    static Timer scheduled(String jobId, Instant at) {
        return new Timer(jobId, FireIds.scheduled(jobId, at), at, FireKind.SCHEDULED, null, null);
    }
}
