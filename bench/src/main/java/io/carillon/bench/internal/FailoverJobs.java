package io.carillon.bench.internal;

import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.MisfirePolicy;
import io.carillon.topics.events.MisfireStrategy;
import io.carillon.topics.events.RetryPolicy;
import io.carillon.topics.events.Schedule;
import java.util.List;

/**
 * The jobs of the {@code failover} workload: J FIXED_RATE jobs with one retry ({@value #RETRY_ATTEMPTS} attempts,
 * {@value #RETRY_BACKOFF_MS} ms back-off) and the misfire rule CATCH_UP. BENCH.md asks that every fire due in the
 * window be dispatched exactly once; with the default FIRE_ONCE_NOW, a planner outage longer than the planner's
 * horizon plus the misfire threshold (a killed planner's tasks move only after the group session timeout) collapses
 * the instants overdue by more than the threshold into one MISFIRE fire, by design, and the rest never fire. CATCH_UP
 * fires each of them late instead, so the outage shows as lateness and {@code recovery_ms}, and a fire that never
 * reaches a handler is a real loss. Stateless.
 */
final class FailoverJobs {

    static final int RETRY_ATTEMPTS = 2;
    static final long RETRY_BACKOFF_MS = 100;
    private static final double NO_BACKOFF_GROWTH = 1;
    private static final long NO_BACKOFF_CAP = 0;

    private FailoverJobs() {}

    static List<JobDefinition> of(int count, long periodMs) {
        MisfirePolicy catchUp = new MisfirePolicy(
                MisfireStrategy.CATCH_UP, MisfirePolicy.DEFAULT_THRESHOLD_MS, MisfirePolicy.DEFAULT_MAX_CATCH_UP);
        RetryPolicy oneRetry = new RetryPolicy(RETRY_ATTEMPTS, RETRY_BACKOFF_MS, NO_BACKOFF_GROWTH, NO_BACKOFF_CAP);
        return BenchJobs.of(count, i -> Schedule.fixedRate(periodMs)).stream()
                .map(job -> job.toBuilder().retry(oneRetry).misfire(catchUp).build())
                .toList();
    }
}
