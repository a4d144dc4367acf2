package io.carillon.bench.internal;

import java.time.Instant;
import java.util.HashSet;
import java.util.Set;

/**
 * Which of a workload's jobs a planner has planned: a job counts once its first FIRE was seen on {@code fires}.
 * Remembers when the last of them was seen. Thread-safe.
 */
final class PlannedJobs {

    private final Set<String> waiting;
    private final int expected;
    private Instant firstSeenAt;
    private Instant allPlannedAt;

    PlannedJobs(Set<String> jobIds) {
        this.waiting = new HashSet<>(jobIds);
        this.expected = jobIds.size();
    }

    /** A FIRE of job {@code jobId} seen at {@code at}; fires of other jobs, and later fires of a job, count nothing. */
    synchronized void fireSeen(String jobId, Instant at) {
        if (!waiting.remove(jobId)) {
            return;
        }
        if (firstSeenAt == null) {
            firstSeenAt = at;
        }
        if (waiting.isEmpty()) {
            allPlannedAt = at;
        }
    }

    synchronized int planned() {
        return expected - waiting.size();
    }

    synchronized boolean allPlanned() {
        return waiting.isEmpty();
    }

    /** When the first job's first fire was seen; null before. */
    synchronized Instant firstSeenAt() {
        return firstSeenAt;
    }

    /** When the last job's first fire was seen; null until every job is planned. */
    synchronized Instant allPlannedAt() {
        return allPlannedAt;
    }
}
