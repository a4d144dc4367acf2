package io.carillon.analytics.internal;

import java.time.Instant;

/**
 * The no-worker rule's state of one app: how many of its jobs watch it and the shortest grace among them, until when
 * its latest heartbeat says a worker is alive, since when it is watched, and the open incident, if any.
 */
record NoWorkerMonitor(
        int watchingJobs, long graceMs, Instant aliveUntil, Instant watchedSince, String incidentId, Instant openedAt) {

    boolean isOpen() {
        return incidentId != null;
    }

    /** Since when the app has had no live worker, as far as is known: its last live instant or when it was watched. */
    Instant withoutWorkerSince() {
        return aliveUntil != null && aliveUntil.isAfter(watchedSince) ? aliveUntil : watchedSince;
    }

    NoWorkerMonitor watching(int jobs, long grace, Instant since) {
        return new NoWorkerMonitor(jobs, grace, aliveUntil, since, incidentId, openedAt);
    }

    NoWorkerMonitor aliveUntil(Instant until) {
        return new NoWorkerMonitor(watchingJobs, graceMs, until, watchedSince, incidentId, openedAt);
    }

    NoWorkerMonitor withIncident(String id, Instant opened) {
        return new NoWorkerMonitor(watchingJobs, graceMs, aliveUntil, watchedSince, id, opened);
    }
}
