package io.carillon.planner;

import static io.carillon.planner.TestJobs.job;
import static io.carillon.planner.TestJobs.result;
import static io.carillon.planner.TestJobs.shardResult;
import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.topics.events.DeadLetter;
import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.JobRequest;
import io.carillon.topics.events.RequestType;
import io.carillon.topics.events.RetryPolicy;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.Schedule;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * RETRY requests: a retry by hand of a run that ended FAILED, TIMED_OUT, LOST, NO_WORKER or KILLED, named by the
 * request's {@code parentRunId}; fire id = request id, once per request id and once per run.
 */
class ManualRetryTest extends PlannerTestSupport {

    private static final Instant START = Instant.parse("2026-03-02T10:00:00Z");
    private static final String FIRE = "nightly@1772445600000";
    private static final String RUN = FIRE + "#0";

    @BeforeEach
    void start() {
        planner = new PlannerHarness(stateDir, START);
        planner.put(job("nightly", Schedule.none()));
    }

    @ParameterizedTest
    @EnumSource(
            value = RunStatus.class,
            names = {"FAILED", "TIMED_OUT", "LOST", "NO_WORKER", "KILLED"})
    void aRunThatEndedBadlyIsRetriedAtOnceWithItsParamsAndParent(RunStatus status) {
        planner.result(withParams(result("nightly", FIRE, status, 1, START), "{\"day\":1}", "up@1#0"));
        planner.advanceCoarsely(Duration.ofMinutes(1));
        assertThat(planner.fires()).as("no automatic retry: the job has none").isEmpty();

        planner.request(retry("retry-1", RUN, null));

        assertThat(single(planner.fires())).satisfies(fire -> {
            assertThat(fire.fireId()).isEqualTo("retry-1");
            assertThat(fire.kind()).isEqualTo(FireKind.RETRY);
            assertThat(fire.attempt()).isEqualTo(2);
            assertThat(fire.params()).isEqualTo("{\"day\":1}");
            assertThat(fire.parentRunId()).isEqualTo("up@1#0");
            assertThat(fire.scheduledAt()).isEqualTo(planner.clock.instant());
            assertThat(fire.coversOneShard()).isFalse();
        });
        assertThat(planner.deadLetters()).isEmpty();
    }

    @Test
    void theRequestsParamsOverrideTheRuns() {
        planner.result(withParams(result("nightly", FIRE, RunStatus.FAILED, 1, START), "{\"day\":1}", null));

        planner.request(retry("retry-1", RUN, "{\"day\":2}"));

        assertThat(single(planner.fires()).params()).isEqualTo("{\"day\":2}");
    }

    @Test
    void aReplayedRequestAndASecondRequestForTheSameRunFireNothingMore() {
        planner.result(result("nightly", FIRE, RunStatus.FAILED, 1, START));
        planner.request(retry("retry-1", RUN, null));
        planner.request(retry("retry-1", RUN, null));
        planner.request(retry("retry-2", RUN, null));

        assertThat(planner.fires()).extracting(FireEvent::fireId).containsExactly("retry-1");
        assertThat(single(planner.deadLetters()).reason())
                .isEqualTo("parentRunId: run '" + RUN + "' (ended FAILED) was already retried, automatically or by "
                        + "an earlier RETRY request; retry its latest run");
    }

    @Test
    void aRunTheRetryRuleAlreadyRetriedIsRefused() {
        planner.put(job("nightly", Schedule.none()).toBuilder()
                .retry(new RetryPolicy(2, 1_000, 1, 0))
                .version(2)
                .build());
        planner.result(result("nightly", FIRE, RunStatus.FAILED, 1, START));
        assertThat(planner.fires()).extracting(FireEvent::fireId).containsExactly(FIRE + "~2");

        planner.request(retry("retry-1", RUN, null));

        assertThat(planner.fires()).isEmpty();
        assertThat(single(planner.deadLetters()).reason()).contains("was already retried");
    }

    @Test
    void aFailedManualRetryFollowsTheRetryRuleFromItsAttempt() {
        planner.put(job("nightly", Schedule.none()).toBuilder()
                .retry(new RetryPolicy(3, 1_000, 1, 0))
                .version(2)
                .build());
        planner.result(result("nightly", FIRE, RunStatus.KILLED, 1, START));
        planner.request(retry("retry-1", RUN, null));
        assertThat(single(planner.fires()).attempt()).isEqualTo(2);

        planner.result(result("nightly", "retry-1", RunStatus.FAILED, 2, START));
        assertThat(single(planner.fires())).satisfies(fire -> {
            assertThat(fire.fireId()).isEqualTo("retry-1~3");
            assertThat(fire.attempt()).isEqualTo(3);
        });
        planner.result(result("nightly", "retry-1~3", RunStatus.FAILED, 3, START));
        planner.advanceCoarsely(Duration.ofSeconds(10));
        assertThat(planner.fires()).as("attempt 3 was the last of 3").isEmpty();
    }

    @Test
    void aFailedShardIsRetriedAlone() {
        planner.result(shardResult("nightly", FIRE, RunStatus.SUCCEEDED, 1, 0, 2, START));
        planner.result(shardResult("nightly", FIRE, RunStatus.FAILED, 1, 1, 2, START));

        planner.request(retry("retry-1", FIRE + "#1", null));

        assertThat(single(planner.fires())).satisfies(fire -> {
            assertThat(fire.coversOneShard()).isTrue();
            assertThat(fire.shardIndex()).isEqualTo(1);
            assertThat(fire.shardTotal()).isEqualTo(2);
        });
    }

    @Test
    void anUnknownRunARunThatSucceededAndAMissingRunIdGoToTheDlq() {
        planner.result(result("nightly", FIRE, RunStatus.SUCCEEDED, 1, START));

        planner.request(retry("retry-1", RUN, null));
        planner.request(retry("retry-2", "nightly@1#0", null));
        planner.request(retry("retry-3", null, null));

        assertThat(planner.fires()).isEmpty();
        assertThat(planner.deadLetters())
                .extracting(DeadLetter::reason)
                .containsExactly(
                        "parentRunId: no run '" + RUN + "' of job 'nightly' ended [FAILED, TIMED_OUT, KILLED, LOST, "
                                + "NO_WORKER] within the last 7 days; only such a run can be retried",
                        "parentRunId: no run 'nightly@1#0' of job 'nightly' ended [FAILED, TIMED_OUT, KILLED, LOST, "
                                + "NO_WORKER] within the last 7 days; only such a run can be retried",
                        "parentRunId: is required for RETRY (the id of the run to retry)");
    }

    @Test
    void aRunOfAnotherJobIsNotRetriedThroughThisJob() {
        planner.put(job("other", Schedule.none()));
        planner.result(result("nightly", FIRE, RunStatus.FAILED, 1, START));

        planner.request(new JobRequest(
                JobRequest.SCHEMA_VERSION,
                "retry-1",
                "other",
                RequestType.RETRY,
                null,
                null,
                null,
                null,
                RUN,
                "test",
                null));

        assertThat(planner.fires()).isEmpty();
        assertThat(single(planner.deadLetters()).reason())
                .startsWith("parentRunId: no run '" + RUN + "' of job 'other'");
    }

    @Test
    void aRunPlannerClosedAsTimedOutIsRetriedByHand() {
        planner.put(job("nightly", Schedule.none()).toBuilder()
                .timeoutMs(1_000)
                .version(2)
                .build());
        planner.result(new RunResult(
                RunResult.SCHEMA_VERSION,
                RUN,
                FIRE,
                "nightly",
                "demo",
                "echo",
                "w-gone",
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
        planner.advanceCoarsely(Duration.ofSeconds(35));
        assertThat(single(planner.writtenResults()).status()).isEqualTo(RunStatus.TIMED_OUT);

        planner.request(retry("retry-1", RUN, null));

        assertThat(single(planner.fires()).fireId()).isEqualTo("retry-1");
    }

    private static JobRequest retry(String requestId, String runId, String params) {
        return new JobRequest(
                JobRequest.SCHEMA_VERSION,
                requestId,
                "nightly",
                RequestType.RETRY,
                null,
                null,
                null,
                params,
                runId,
                "test",
                null);
    }

    private static RunResult withParams(RunResult result, String params, String parentRunId) {
        return new RunResult(
                result.schemaVersion(),
                result.runId(),
                result.fireId(),
                result.jobId(),
                result.app(),
                result.handler(),
                result.instance(),
                result.status(),
                result.kind(),
                result.attempt(),
                result.shardIndex(),
                result.shardTotal(),
                result.scheduledAt(),
                result.startedAt(),
                result.finishedAt(),
                result.message(),
                result.errorClass(),
                result.progress(),
                result.emittedAt(),
                params,
                parentRunId);
    }

    private static <T> T single(List<T> values) {
        assertThat(values).hasSize(1);
        return values.get(0);
    }
}
