package io.carillon.planner;

import static io.carillon.planner.TestJobs.job;
import static io.carillon.planner.TestJobs.request;
import static io.carillon.planner.TestJobs.result;
import static io.carillon.planner.TestJobs.shardResult;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.RequestType;
import io.carillon.topics.events.RetryPolicy;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.Schedule;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The retry rule, read from {@code results}: backoff, attempts, idempotency, one shard of a sharded run. */
class RetriesTest extends PlannerTestSupport {

    private static final Instant START = Instant.parse("2026-03-02T10:00:00Z");
    /** 20 s, then 60 s capped to 50 s; 4 attempts in all. */
    private static final RetryPolicy POLICY = new RetryPolicy(4, 20_000, 3.0, 50_000);

    @BeforeEach
    void start() {
        planner = new PlannerHarness(stateDir, START);
        planner.put(job("flaky", Schedule.none()).toBuilder().retry(POLICY).build());
        planner.request(request("run-1", "flaky", RequestType.RUN_NOW, null, null));
        assertThat(planner.fires()).extracting(FireEvent::fireId).containsExactly("run-1");
    }

    @Test
    void eachFailedAttemptRetriesAfterAGrowingCappedBackoffUntilTheLastAttempt() {
        planner.result(result("flaky", "run-1", RunStatus.FAILED, 1, START));
        assertThat(planner.fires())
                .as("20 s is beyond the 10 s horizon: kept as a timer")
                .isEmpty();

        planner.advanceCoarsely(Duration.ofSeconds(10));
        FireEvent second = single(planner.fires());
        assertThat(second.fireId()).isEqualTo("run-1~2");
        assertThat(second.kind()).isEqualTo(FireKind.RETRY);
        assertThat(second.attempt()).isEqualTo(2);
        assertThat(second.scheduledAt()).isEqualTo(START.plusSeconds(20));
        assertThat(second.params()).isEqualTo("{\"job\":true}");

        planner.advanceCoarsely(Duration.ofSeconds(10));
        planner.result(result("flaky", "run-1~2", RunStatus.TIMED_OUT, 2, null));
        Instant secondFailedAt = planner.clock.instant();
        planner.advanceCoarsely(Duration.ofSeconds(50));
        assertThat(single(planner.fires())).satisfies(fire -> {
            assertThat(fire.fireId()).isEqualTo("run-1~3");
            assertThat(fire.attempt()).isEqualTo(3);
            assertThat(fire.scheduledAt()).as("60 s capped at 50 s").isEqualTo(secondFailedAt.plusSeconds(50));
        });

        planner.result(result("flaky", "run-1~3", RunStatus.LOST, 3, null));
        planner.advanceCoarsely(Duration.ofSeconds(50));
        assertThat(single(planner.fires()).fireId()).isEqualTo("run-1~4");

        planner.result(result("flaky", "run-1~4", RunStatus.NO_WORKER, 4, null));
        planner.advanceCoarsely(Duration.ofMinutes(2));
        assertThat(planner.fires()).as("the 4th attempt was the last").isEmpty();
        assertThat(planner.deadLetters()).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(
            value = RunStatus.class,
            names = {"FAILED", "TIMED_OUT", "LOST", "NO_WORKER"})
    void aRetryableStatusRetries(RunStatus status) {
        planner.result(result("flaky", "run-1", status, 1, START));
        planner.advanceCoarsely(Duration.ofSeconds(20));

        assertThat(planner.fires()).extracting(FireEvent::fireId).containsExactly("run-1~2");
    }

    @ParameterizedTest
    @EnumSource(
            value = RunStatus.class,
            names = {"STARTED", "PROGRESS", "SUCCEEDED", "KILLED", "SKIPPED"})
    void otherStatusesDoNotRetry(RunStatus status) {
        planner.result(result("flaky", "run-1", status, 1, START));
        planner.advanceCoarsely(Duration.ofSeconds(30));

        assertThat(planner.fires()).isEmpty();
    }

    @Test
    void aLostRunOfAnAtMostOnceJobIsNotRetried() {
        planner.put(job("flaky", Schedule.none()).toBuilder()
                .retry(POLICY)
                .atMostOnce(true)
                .version(2)
                .build());
        planner.result(result("flaky", "run-1", RunStatus.LOST, 1, START));
        planner.advanceCoarsely(Duration.ofSeconds(30));

        assertThat(planner.fires()).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(
            value = RunStatus.class,
            names = {"FAILED", "TIMED_OUT", "NO_WORKER"})
    void anAtMostOnceJobFollowsTheRetryRuleForEveryOtherStatus(RunStatus status) {
        planner.put(job("flaky", Schedule.none()).toBuilder()
                .retry(POLICY)
                .atMostOnce(true)
                .version(2)
                .build());
        planner.result(result("flaky", "run-1", status, 1, START));
        planner.advanceCoarsely(Duration.ofSeconds(20));

        assertThat(planner.fires()).extracting(FireEvent::fireId).containsExactly("run-1~2");
    }

    @Test
    void aLostRetryOfAnAtMostOnceJobIsNotRetriedEither() {
        planner.put(job("flaky", Schedule.none()).toBuilder()
                .retry(POLICY)
                .atMostOnce(true)
                .version(2)
                .build());
        planner.result(result("flaky", "run-1", RunStatus.FAILED, 1, START));
        planner.advanceCoarsely(Duration.ofSeconds(20));
        assertThat(planner.fires()).extracting(FireEvent::fireId).containsExactly("run-1~2");

        planner.result(result("flaky", "run-1~2", RunStatus.LOST, 2, null));
        planner.advanceCoarsely(Duration.ofMinutes(2));
        assertThat(planner.fires()).isEmpty();
    }

    @Test
    void aReplayedResultSchedulesNoSecondRetry() {
        planner.result(result("flaky", "run-1", RunStatus.FAILED, 1, START));
        planner.result(result("flaky", "run-1", RunStatus.FAILED, 1, START));
        planner.advanceCoarsely(Duration.ofSeconds(25));
        planner.result(result("flaky", "run-1", RunStatus.FAILED, 1, START));
        planner.advanceCoarsely(Duration.ofSeconds(25));

        assertThat(planner.fires()).extracting(FireEvent::fireId).containsExactly("run-1~2");
    }

    @Test
    void aShardedRunRetriesOnlyItsFailedShard() {
        planner.result(shardResult("flaky", "run-1", RunStatus.SUCCEEDED, 1, 0, 3, START));
        planner.result(shardResult("flaky", "run-1", RunStatus.FAILED, 1, 1, 3, START));
        planner.result(shardResult("flaky", "run-1", RunStatus.SUCCEEDED, 1, 2, 3, START));
        planner.advanceCoarsely(Duration.ofSeconds(20));
        assertThat(planner.fires())
                .extracting(FireEvent::fireId, FireEvent::attempt, FireEvent::shardIndex, FireEvent::shardTotal)
                .containsExactly(tuple("run-1#1~2", 2, 1, 3));

        planner.result(shardResult("flaky", "run-1#1~2", RunStatus.FAILED, 2, 1, 3, null));
        planner.advanceCoarsely(Duration.ofSeconds(50));
        assertThat(planner.fires())
                .extracting(FireEvent::fireId, FireEvent::shardIndex, FireEvent::shardTotal)
                .containsExactly(tuple("run-1#1~3", 1, 3));
    }

    @Test
    void aRetryOfAnUnshardedRunCoversEveryShardItsRoutingGives() {
        planner.result(result("flaky", "run-1", RunStatus.FAILED, 1, START));
        planner.advanceCoarsely(Duration.ofSeconds(20));

        assertThat(single(planner.fires())).satisfies(fire -> {
            assertThat(fire.coversOneShard()).isFalse();
            assertThat(fire.shardIndex()).isNull();
        });
    }

    @Test
    void aRetryKeepsTheParamsAndParentRunOfTheRun() {
        RunResult failed = result("flaky", "run-1", RunStatus.FAILED, 1, START);
        planner.result(new RunResult(
                failed.schemaVersion(),
                failed.runId(),
                failed.fireId(),
                failed.jobId(),
                failed.app(),
                failed.handler(),
                failed.instance(),
                failed.status(),
                FireKind.CHILD,
                1,
                0,
                1,
                null,
                null,
                START,
                "boom",
                null,
                null,
                START,
                "{\"override\":1}",
                "parent@1#0"));
        planner.advanceCoarsely(Duration.ofSeconds(20));

        assertThat(single(planner.fires())).satisfies(fire -> {
            assertThat(fire.params()).isEqualTo("{\"override\":1}");
            assertThat(fire.parentRunId()).isEqualTo("parent@1#0");
            assertThat(fire.kind()).isEqualTo(FireKind.RETRY);
        });
    }

    @Test
    void aRetryWithinTheHorizonIsWrittenAtOnce() {
        planner.put(job("flaky", Schedule.none()).toBuilder()
                .retry(new RetryPolicy(2, 3_000, 1, 0))
                .version(2)
                .build());
        planner.result(result("flaky", "run-1", RunStatus.FAILED, 1, START));

        assertThat(single(planner.fires()).scheduledAt()).isEqualTo(START.plusSeconds(3));
    }

    @Test
    void aDeletedJobsPendingRetryIsDroppedAndItsLateResultsIgnored() {
        planner.result(result("flaky", "run-1", RunStatus.FAILED, 1, START));
        planner.delete("flaky");
        planner.advanceCoarsely(Duration.ofSeconds(30));
        planner.result(result("flaky", "run-1~2", RunStatus.FAILED, 2, null));

        assertThat(planner.fires()).isEmpty();
        assertThat(planner.deadLetters()).isEmpty();
    }

    private static FireEvent single(java.util.List<FireEvent> fires) {
        assertThat(fires).hasSize(1);
        return fires.get(0);
    }
}
