package io.carillon.planner;

import static io.carillon.planner.TestJobs.job;
import static io.carillon.planner.TestJobs.result;
import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.JobRequest;
import io.carillon.topics.events.RetryPolicy;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.Schedule;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A real terminal result that arrives after the planner closed the run TIMED_OUT or LOST: never a second retry, and
 * a late SUCCEEDED triggers the children only when the planner's verdict issued no retry (else the retry's run
 * triggers them when it succeeds, so they never fire twice).
 */
class LateResultsTest extends PlannerTestSupport {

    private static final Instant START = Instant.parse("2026-03-02T10:00:00Z");
    private static final String FIRE = "parent@1772445600000";
    private static final String RUN = FIRE + "#0";
    private static final long TIMEOUT_MS = 1_000;
    /** Past the timeout plus the planner's 30 s grace. */
    private static final Duration UNTIL_TIMED_OUT = Duration.ofSeconds(35);

    @BeforeEach
    void start() {
        planner = new PlannerHarness(stateDir, START);
        planner.put(job("child", Schedule.none()));
    }

    @Test
    void aLateSuccessAfterATimedOutRunThatWasRetriedTriggersNoChildAndNoSecondRetry() {
        timedOut(parent(new RetryPolicy(3, 1_000, 1, 0), false));
        assertThat(planner.fires()).extracting(FireEvent::fireId).containsExactly(FIRE + "~2");

        planner.result(result("parent", FIRE, RunStatus.SUCCEEDED, 1, planner.clock.instant()));
        planner.result(result("parent", FIRE, RunStatus.FAILED, 1, planner.clock.instant()));
        planner.advanceCoarsely(Duration.ofSeconds(10));

        assertThat(planner.writtenRequests()).as("no CHILD request").isEmpty();
        assertThat(planner.fires()).isEmpty();

        planner.result(result("parent", FIRE + "~2", RunStatus.SUCCEEDED, 2, planner.clock.instant()));
        assertThat(planner.writtenRequests())
                .extracting(JobRequest::parentRunId)
                .containsExactly(FIRE + "~2#0");
    }

    @Test
    void aLateSuccessAfterATimedOutRunWithoutRetryTriggersTheChildren() {
        timedOut(parent(RetryPolicy.none(), false));
        assertThat(planner.fires()).isEmpty();

        planner.result(result("parent", FIRE, RunStatus.SUCCEEDED, 1, planner.clock.instant()));

        assertThat(planner.fires())
                .extracting(FireEvent::jobId, FireEvent::kind, FireEvent::parentRunId)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("child", FireKind.CHILD, RUN));
    }

    @Test
    void aLateSuccessAfterALostRunOfAnAtMostOnceJobTriggersTheChildren() {
        JobDefinition parent = parent(new RetryPolicy(3, 1_000, 1, 0), true).toBuilder()
                .timeoutMs(0)
                .build();
        planner.put(parent);
        started("gone");
        planner.workerGone("gone");
        planner.advanceCoarsely(UNTIL_TIMED_OUT);
        assertThat(single(planner.writtenResults()).status()).isEqualTo(RunStatus.LOST);
        assertThat(planner.fires())
                .as("at most once: a LOST run is not retried")
                .isEmpty();

        planner.result(result("parent", FIRE, RunStatus.SUCCEEDED, 1, planner.clock.instant()));

        assertThat(planner.fires()).extracting(FireEvent::jobId).containsExactly("child");
    }

    private JobDefinition parent(RetryPolicy retry, boolean atMostOnce) {
        return job("parent", Schedule.none()).toBuilder()
                .children(List.of("child"))
                .retry(retry)
                .timeoutMs(TIMEOUT_MS)
                .atMostOnce(atMostOnce)
                .build();
    }

    private void timedOut(JobDefinition parent) {
        planner.put(parent);
        started("worker-1");
        planner.advanceCoarsely(UNTIL_TIMED_OUT);
        assertThat(single(planner.writtenResults()).status()).isEqualTo(RunStatus.TIMED_OUT);
    }

    private void started(String instance) {
        planner.result(new RunResult(
                RunResult.SCHEMA_VERSION,
                RUN,
                FIRE,
                "parent",
                "demo",
                "echo",
                instance,
                RunStatus.STARTED,
                FireKind.SCHEDULED,
                1,
                0,
                1,
                START,
                START,
                null,
                null,
                null,
                null,
                START));
    }

    private static <T> T single(List<T> values) {
        assertThat(values).hasSize(1);
        return values.get(0);
    }
}
