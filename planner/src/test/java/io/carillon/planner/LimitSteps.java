package io.carillon.planner;

import static io.carillon.planner.TestJobs.job;
import static io.carillon.planner.TestJobs.request;
import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.topics.events.Concurrency;
import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.FireIds;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.LimitCommand;
import io.carillon.topics.events.RequestType;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.Schedule;
import io.carillon.topics.events.WhenBusy;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The steps of the concurrency limit tests around a {@link PlannerHarness}: jobs that take a limit run now, what the
 * dispatcher does with a due fire that claims a limit (an ACQUIRE), what a worker reports for a granted fire (its
 * results name the limit, as {@link RunResult#of} copies it from the trigger), and the fires the limiter granted.
 */
final class LimitSteps {

    private final PlannerHarness planner;

    LimitSteps(PlannerHarness planner) {
        this.planner = planner;
    }

    /** A job without a schedule that takes {@code limit}. */
    static JobDefinition limitedJob(String jobId, String limit, WhenBusy whenBusy) {
        return job(jobId, Schedule.none()).toBuilder()
                .concurrency(new Concurrency(limit, whenBusy))
                .build();
    }

    /** Puts a job that takes {@code limit}, runs it now once and returns its fire. */
    FireEvent dueFire(String jobId, String limit, WhenBusy whenBusy) {
        planner.put(limitedJob(jobId, limit, whenBusy));
        return runNow(jobId);
    }

    /** A RUN_NOW of the job {@code jobId} the planner has: its one fire. */
    FireEvent runNow(String jobId) {
        planner.request(request("run-" + jobId + "-" + planner.clock.millis(), jobId, RequestType.RUN_NOW, null, null));
        return single(planner.fires());
    }

    /** What the dispatcher does with a due fire that claims a limit. */
    void acquire(FireEvent fire) {
        planner.limitCommand(LimitCommand.acquire(fire, "dispatcher", planner.clock.instant()));
    }

    /** The fires the limiter granted since the last call, each granted once. */
    List<FireEvent> granted() {
        List<FireEvent> fires = planner.fires();
        Set<String> seen = new HashSet<>();
        assertThat(fires).allSatisfy(fire -> {
            assertThat(fire.limit().granted()).isTrue();
            assertThat(seen.add(fire.fireId()))
                    .as("granted once: %s", fire.fireId())
                    .isTrue();
        });
        return fires;
    }

    /** The result a worker reports for shard 0 of {@code fire}: it names the fire's limit. */
    RunResult runResult(FireEvent fire, String instance, RunStatus status) {
        Instant now = planner.clock.instant();
        return new RunResult(
                RunResult.SCHEMA_VERSION,
                FireIds.runId(fire.fireId(), 0),
                fire.fireId(),
                fire.jobId(),
                fire.app(),
                fire.handler(),
                instance,
                status,
                fire.kind(),
                fire.attempt(),
                0,
                1,
                fire.scheduledAt(),
                now,
                status.isTerminal() ? now : null,
                null,
                null,
                null,
                now,
                fire.params(),
                fire.parentRunId(),
                fire.workflow(),
                null,
                fire.limit() == null ? null : fire.limit().name());
    }

    /** A worker runs {@code fire} to its end: STARTED, then {@code end}. */
    void run(FireEvent fire, String instance, RunStatus end) {
        planner.result(runResult(fire, instance, RunStatus.STARTED));
        planner.result(runResult(fire, instance, end));
    }

    static <T> T single(List<T> values) {
        assertThat(values).hasSize(1);
        return values.get(0);
    }
}
