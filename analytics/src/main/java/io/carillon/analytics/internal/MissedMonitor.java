package io.carillon.analytics.internal;

import java.time.Instant;
import java.util.List;

import io.carillon.topics.events.Schedule;

/**
 * The missed rule's state of one job: the schedule it follows, the next instant it waits for ({@code expected}),
 * later instants already seen starting in time ({@code startedAhead}), the open incident, if any, and the key of the
 * job's entry in the due store.
 */
record MissedMonitor(String app, Schedule schedule, long jitterMs, long graceMs, Instant expected,
        List<Instant> startedAhead, String incidentId, Instant openedAt, int count, String dueKey) {

    MissedMonitor {
        startedAhead = startedAhead == null ? List.of() : List.copyOf(startedAhead);
    }

    boolean isOpen() {
        return incidentId != null;
    }

    /** When {@code instant} must have started: its instant plus the job's jitter and start grace. */
    Instant dueOf(Instant instant) {
        return instant.plusMillis(jitterMs + graceMs);
    }

    MissedMonitor expecting(Instant next, List<Instant> ahead) {
        return new MissedMonitor(app, schedule, jitterMs, graceMs, next, ahead, incidentId, openedAt, count, dueKey);
    }

    MissedMonitor withIncident(String id, Instant opened, int newCount) {
        return new MissedMonitor(app, schedule, jitterMs, graceMs, expected, startedAhead, id, opened, newCount,
                dueKey);
    }

    MissedMonitor withDueKey(String key) {
        return new MissedMonitor(app, schedule, jitterMs, graceMs, expected, startedAhead, incidentId, openedAt, count,
                key);
    }
}
