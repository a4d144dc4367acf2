package io.carillon.planner.internal;

import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.RetryPolicy;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/**
 * The retry rule: a run that ends FAILED, TIMED_OUT, LOST or NO_WORKER at attempt {@code n}, when
 * {@code n < retry.maxAttempts}, gets a RETRY fire, attempt {@code n + 1}, id {@link PlannerIds#retry}, due
 * {@code backoffMs * multiplier^(n-1)} (at most {@code maxBackoffMs}, and never more than {@link #MAX_DELAY}) after
 * the planner reads the result, with the run's params and parent run id; for one shard of a sharded run, limited
 * to that shard ({@link io.carillon.topics.events.FireEvent#onlyShard}); the run of a workflow node keeps its
 * {@link io.carillon.topics.events.WorkflowRef}. A LOST run of an at-most-once job is not
 * retried. Stateless.
 */
final class Retries {

    /** Bounds a retry's delay whatever the policy says, so the instant stays representable. */
    static final Duration MAX_DELAY = Duration.ofDays(30);

    private static final Set<RunStatus> RETRIED =
            EnumSet.of(RunStatus.FAILED, RunStatus.TIMED_OUT, RunStatus.LOST, RunStatus.NO_WORKER);

    private Retries() {}

    /** The timer of the retry {@code result} calls for, if any. */
    static Optional<Timer> of(JobDefinition job, RunResult result, Instant now) {
        boolean retried = RETRIED.contains(result.status())
                && result.attempt() < job.retry().maxAttempts()
                && !(job.atMostOnce() && result.status() == RunStatus.LOST);
        if (!retried) {
            return Optional.empty();
        }
        Instant at = now.plusMillis(delayMs(job.retry(), result.attempt()));
        Timer timer = new Timer(
                        job.id(),
                        PlannerIds.retry(result),
                        at,
                        FireKind.RETRY,
                        result.params(),
                        result.parentRunId(),
                        result.attempt() + 1,
                        null)
                .withWorkflow(result.workflow());
        boolean oneShard = result.shardTotal() > 1;
        return Optional.of(oneShard ? timer.onlyShard(result.shardIndex(), result.shardTotal()) : timer);
    }

    /** The wait before the retry that follows the failed attempt {@code failedAttempt} (1 for the first run). */
    static long delayMs(RetryPolicy policy, int failedAttempt) {
        double delay = policy.backoffMs() * Math.pow(policy.multiplier(), failedAttempt - 1);
        double capped = Math.min(delay, Math.min(policy.maxBackoffMs(), MAX_DELAY.toMillis()));
        return (long) capped;
    }
}
