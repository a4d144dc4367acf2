package io.carillon.planner;

import static io.carillon.planner.TestJobs.job;
import static io.carillon.planner.TestJobs.request;
import static io.carillon.planner.TestJobs.result;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.carillon.planner.internal.PartitionReadability;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.events.ClaimBatch;
import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.RequestType;
import io.carillon.topics.events.RetryPolicy;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.Schedule;
import io.carillon.topics.events.WorkerHeartbeat;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Runs that never report a terminal result: TIMED_OUT after the job's timeout plus the planner's grace (30 s by
 * default), LOST when the worker's heartbeat expires or the worker leaves; both then follow the retry rule.
 */
class UnfinishedRunsTest extends PlannerTestSupport {

    private static final Instant START = Instant.parse("2026-03-02T10:00:00Z");
    private static final String WORKER = "worker-1";
    private static final RetryPolicy POLICY = new RetryPolicy(3, 5_000, 2.0, 60_000);
    private static final long TIMEOUT_MS = 60_000;
    private static final Duration SKEW = Duration.ofSeconds(20);
    private static final Duration BEAT = Duration.ofSeconds(1);
    private static final int BEATS_WHILE_ALIVE = 30;

    @BeforeEach
    void start() {
        planner = new PlannerHarness(stateDir, START);
    }

    @Test
    void aStartedRunWithoutResultTimesOutAfterTimeoutPlusGraceAndIsRetried() {
        runStarted(slowJob());
        planner.heartbeat(heartbeat(START, Duration.ofHours(1)));

        planner.advanceCoarsely(Duration.ofSeconds(85));
        assertThat(planner.writtenResults()).as("before 60 s + 30 s").isEmpty();
        assertThat(planner.fires()).isEmpty();

        planner.advanceCoarsely(Duration.ofSeconds(10));
        RunResult timedOut = single(planner.writtenResults());
        assertThat(timedOut.status()).isEqualTo(RunStatus.TIMED_OUT);
        assertThat(timedOut.runId()).isEqualTo("run-1#0");
        assertThat(timedOut.fireId()).isEqualTo("run-1");
        assertThat(timedOut.instance()).isEqualTo(WORKER);
        assertThat(timedOut.message()).contains("60000 ms", "30000 ms");
        FireEvent retry = single(planner.fires());
        assertThat(retry.fireId()).isEqualTo("run-1~2");
        assertThat(retry.kind()).isEqualTo(FireKind.RETRY);
        assertThat(retry.attempt()).isEqualTo(2);

        planner.result(timedOut);
        planner.result(result("slow", "run-1", RunStatus.TIMED_OUT, 1, planner.clock.instant()));
        planner.result(result("slow", "run-1", RunStatus.FAILED, 1, planner.clock.instant()));
        planner.advanceCoarsely(Duration.ofMinutes(2));
        assertThat(planner.fires())
                .as("a replay or a late real result retries nothing twice")
                .isEmpty();
        assertThat(planner.writtenResults()).isEmpty();
    }

    @Test
    void aTimedOutShardRetriesOnlyThatShard() {
        planner.put(slowJob());
        planner.request(request("run-1", "slow", RequestType.RUN_NOW, null, null));
        planner.fires();
        planner.heartbeat(heartbeat(START, Duration.ofHours(1)));
        planner.result(new RunResult(
                RunResult.SCHEMA_VERSION,
                "run-1#0",
                "run-1",
                "slow",
                "demo",
                "echo",
                WORKER,
                RunStatus.STARTED,
                FireKind.MANUAL,
                1,
                0,
                2,
                START,
                START,
                null,
                null,
                null,
                null,
                START));
        planner.result(new RunResult(
                RunResult.SCHEMA_VERSION,
                "run-1#1",
                "run-1",
                "slow",
                "demo",
                "echo",
                WORKER,
                RunStatus.STARTED,
                FireKind.MANUAL,
                1,
                1,
                2,
                START,
                START,
                null,
                null,
                null,
                null,
                START));
        planner.result(new RunResult(
                RunResult.SCHEMA_VERSION,
                "run-1#0",
                "run-1",
                "slow",
                "demo",
                "echo",
                WORKER,
                RunStatus.SUCCEEDED,
                FireKind.MANUAL,
                1,
                0,
                2,
                START,
                START,
                START.plusSeconds(1),
                null,
                null,
                null,
                START.plusSeconds(1)));

        planner.advanceCoarsely(Duration.ofSeconds(95));
        RunResult timedOut = single(planner.writtenResults());
        assertThat(timedOut.runId()).isEqualTo("run-1#1");
        assertThat(timedOut.shardIndex()).isEqualTo(1);
        assertThat(single(planner.fires()).fireId()).isEqualTo("run-1#1~2");
    }

    @Test
    void aTerminalResultBeforeTheTimeoutClosesTheRun() {
        runStarted(slowJob());
        planner.heartbeat(heartbeat(START, Duration.ofHours(1)));
        planner.advanceCoarsely(Duration.ofSeconds(30));
        planner.result(result("slow", "run-1", RunStatus.SUCCEEDED, 1, planner.clock.instant()));

        planner.advanceCoarsely(Duration.ofMinutes(3));
        assertThat(planner.writtenResults()).isEmpty();
        assertThat(planner.fires()).isEmpty();
    }

    @Test
    void aRunWhoseWorkersHeartbeatExpiresIsLostAndRetried() {
        planner.heartbeat(heartbeat(START, Duration.ofSeconds(5)));
        runStarted(job("slow", Schedule.none()).toBuilder().retry(POLICY).build());

        planner.advanceCoarsely(Duration.ofSeconds(10));
        assertThat(planner.writtenResults()).as("alive until 15 s").isEmpty();

        planner.advanceCoarsely(Duration.ofSeconds(10));
        RunResult lost = single(planner.writtenResults());
        assertThat(lost.status()).isEqualTo(RunStatus.LOST);
        assertThat(lost.instance()).isEqualTo(WORKER);
        assertThat(lost.message()).contains(WORKER, "expired");
        assertThat(single(planner.fires()).fireId()).isEqualTo("run-1~2");
    }

    @Test
    void aRunIsNotLostWhileItsWorkersHeartbeatPartitionHasNotSettled() {
        HeldUpTopics heldUp = plannerAskingWhetherSettled();
        planner.heartbeat(heartbeat(START, Duration.ofSeconds(5)));
        runStarted(job("slow", Schedule.none()).toBuilder().retry(POLICY).build());
        heldUp.topics.add(planner.catalog.workers());

        planner.advanceCoarsely(Duration.ofSeconds(60));
        assertThat(planner.writtenResults())
                .as("its heartbeat expired at 15 s, but the leader of its heartbeats' partition does not answer")
                .isEmpty();
        assertThat(heldUp.asked)
                .as("the task's results partition (the driver runs one task, of partition 0) and the worker's"
                        + " heartbeats partition")
                .containsExactlyInAnyOrder(
                        new TopicPartition(planner.catalog.results(), 0),
                        new TopicPartition(
                                planner.catalog.workers(),
                                TopicCatalog.partitionOf(WORKER, planner.catalog.partitions())));

        heldUp.topics.clear();
        planner.advanceCoarsely(Duration.ofSeconds(5));
        assertThat(single(planner.writtenResults()).status()).isEqualTo(RunStatus.LOST);
    }

    @Test
    void aRunDoesNotTimeOutWhileItsResultsPartitionHasNotSettled() {
        HeldUpTopics heldUp = plannerAskingWhetherSettled();
        runStarted(slowJob());
        planner.heartbeat(heartbeat(START, Duration.ofHours(1)));
        heldUp.topics.add(planner.catalog.results());

        planner.advanceCoarsely(Duration.ofMinutes(3));
        assertThat(planner.writtenResults())
                .as("past its timeout and grace, but its end may be held up")
                .isEmpty();

        heldUp.topics.clear();
        planner.advanceCoarsely(Duration.ofSeconds(5));
        assertThat(single(planner.writtenResults()).status()).isEqualTo(RunStatus.TIMED_OUT);
    }

    @Test
    void aPlannerReadingResultsLateDoesNotCallARunLostWhoseEndIsStillUnread() {
        JobDefinition job = startedRunReadLate();
        planner.advanceCoarsely(Duration.ofSeconds(2));
        assertThat(planner.writtenResults())
                .as("the worker's heartbeat expired 15 s ago, but the results written "
                        + "before then are still being read")
                .isEmpty();

        planner.resultStampedAt(resultOfRun1(job, RunStatus.SUCCEEDED, START), START);
        planner.advanceCoarsely(Duration.ofMinutes(1));
        assertThat(planner.writtenResults()).isEmpty();
        assertThat(planner.fires()).extracting(FireEvent::fireId).containsExactly("run-1");
    }

    @Test
    void aLaggingPlannerCallsTheRunLostOnceItReadsPastTheWorkersDeath() {
        JobDefinition job = startedRunReadLate();
        planner.advanceCoarsely(Duration.ofSeconds(1));
        assertThat(planner.writtenResults()).isEmpty();
        planner.resultStampedAt(
                result("other", "other-run", RunStatus.SUCCEEDED, 1, START.plusSeconds(16)), START.plusSeconds(16));
        planner.advanceCoarsely(Duration.ofSeconds(1));

        assertThat(single(planner.writtenResults()).status()).isEqualTo(RunStatus.LOST);
    }

    @Test
    void aNewerHeartbeatKeepsTheRunOpen() {
        planner.heartbeat(heartbeat(START, Duration.ofSeconds(5)));
        runStarted(job("slow", Schedule.none()).toBuilder().retry(POLICY).build());
        planner.advanceCoarsely(Duration.ofSeconds(10));
        planner.heartbeat(heartbeat(planner.clock.instant(), Duration.ofSeconds(5)));

        planner.advanceCoarsely(Duration.ofSeconds(10));
        assertThat(planner.writtenResults()).isEmpty();
        planner.advanceCoarsely(Duration.ofSeconds(10));
        assertThat(single(planner.writtenResults()).status()).isEqualTo(RunStatus.LOST);
    }

    @Test
    void anAtMostOnceJobsLostRunIsNotRetried() {
        planner.heartbeat(heartbeat(START, Duration.ofSeconds(5)));
        runStarted(job("slow", Schedule.none()).toBuilder()
                .retry(POLICY)
                .atMostOnce(true)
                .build());

        planner.advanceCoarsely(Duration.ofSeconds(20));
        assertThat(single(planner.writtenResults()).status()).isEqualTo(RunStatus.LOST);
        planner.advanceCoarsely(Duration.ofMinutes(1));
        assertThat(planner.fires()).isEmpty();
    }

    @Test
    void aWorkerThatLeavesWithAnOpenRunLosesItAfterTheGrace() {
        planner.heartbeat(heartbeat(START, Duration.ofHours(1)));
        runStarted(job("slow", Schedule.none()).toBuilder().retry(POLICY).build());
        planner.workerGone(WORKER);

        planner.advanceCoarsely(Duration.ofSeconds(25));
        assertThat(planner.writtenResults()).isEmpty();
        planner.advanceCoarsely(Duration.ofSeconds(10));
        RunResult lost = single(planner.writtenResults());
        assertThat(lost.status()).isEqualTo(RunStatus.LOST);
        assertThat(lost.message()).contains("no heartbeat");
        assertThat(single(planner.fires()).fireId()).isEqualTo("run-1~2");
    }

    @Test
    void aBadHeartbeatIsSkippedAndTheRunStaysOpenWhileTheWorkerIsAlive() {
        planner.heartbeat(heartbeat(START, Duration.ofHours(1)));
        planner.rawHeartbeat(WORKER, "{not json");
        planner.rawHeartbeat("other", "{\"instanceId\":\"worker-1\",\"sentAt\":\"2026-03-02T09:00:00Z\"}");
        runStarted(job("slow", Schedule.none()).toBuilder().retry(POLICY).build());

        planner.advanceCoarsely(Duration.ofMinutes(2));
        assertThat(planner.writtenResults()).isEmpty();
        assertThat(planner.deadLetters())
                .as("a global store cannot write to dlq")
                .isEmpty();
    }

    @Test
    void aTimedOutRunOfAFixedDelayJobPlansTheNextFire() {
        planner.heartbeat(heartbeat(START, Duration.ofHours(1)));
        planner.put(job("delay", Schedule.fixedDelay(10_000)).toBuilder()
                .timeoutMs(TIMEOUT_MS)
                .build());
        FireEvent first = single(planner.fires());
        planner.result(new RunResult(
                RunResult.SCHEMA_VERSION,
                first.fireId() + "#0",
                first.fireId(),
                "delay",
                "demo",
                "echo",
                WORKER,
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

        planner.advanceCoarsely(Duration.ofSeconds(95));
        assertThat(single(planner.writtenResults()).status()).isEqualTo(RunStatus.TIMED_OUT);
        Instant timedOutAt = planner.clock.instant();
        FireEvent next = single(planner.fires());
        assertThat(next.kind()).as("no retry policy: the chain goes on").isEqualTo(FireKind.SCHEDULED);
        assertThat(next.scheduledAt()).isEqualTo(timedOutAt.plusSeconds(10));
    }

    /**
     * The worker leaves out a run's STARTED when its terminal result was ready before the STARTED was handed to
     * Kafka: the terminal result alone (it carries {@code startedAt}) opens nothing to watch, so neither the expiry
     * of the worker's heartbeat nor the job's timeout makes it LOST or TIMED_OUT, and it follows the retry rule once.
     */
    @Test
    void aRunReportedOnlyByItsTerminalResultIsNeitherLostNorTimedOutAndRetriesOnce() {
        planner.heartbeat(heartbeat(START, Duration.ofSeconds(5)));
        planner.put(slowJob());
        planner.request(request("run-1", "slow", RequestType.RUN_NOW, null, null));
        planner.request(request("run-2", "slow", RequestType.RUN_NOW, null, null));
        assertThat(planner.fires()).extracting(FireEvent::fireId).containsExactly("run-1", "run-2");
        Instant now = planner.clock.instant();
        planner.result(new RunResult(
                RunResult.SCHEMA_VERSION,
                "run-1#0",
                "run-1",
                "slow",
                "demo",
                "echo",
                WORKER,
                RunStatus.SUCCEEDED,
                FireKind.MANUAL,
                1,
                0,
                1,
                now,
                now,
                now.plusMillis(1),
                "done",
                null,
                null,
                now.plusMillis(1)));
        planner.result(new RunResult(
                RunResult.SCHEMA_VERSION,
                "run-2#0",
                "run-2",
                "slow",
                "demo",
                "echo",
                WORKER,
                RunStatus.FAILED,
                FireKind.MANUAL,
                1,
                0,
                1,
                now,
                now,
                now.plusMillis(1),
                "boom",
                null,
                null,
                now.plusMillis(1)));

        planner.advanceCoarsely(Duration.ofMinutes(3));

        assertThat(planner.writtenResults())
                .as("no LOST after the heartbeat expired, no TIMED_OUT")
                .isEmpty();
        assertThat(planner.fires()).extracting(FireEvent::fireId).containsExactly("run-2~2");
    }

    @Test
    void settingsRejectANegativeGraceAndANonPositiveCheckInterval() {
        assertThatThrownBy(() -> new PlannerSettings(
                        PlannerHarness.HORIZON,
                        PlannerHarness.INTERVAL,
                        1,
                        1,
                        Duration.ofSeconds(-1),
                        Duration.ofSeconds(1)))
                .hasMessageContaining("runTimeoutGrace");
        assertThatThrownBy(() -> new PlannerSettings(
                        PlannerHarness.HORIZON, PlannerHarness.INTERVAL, 1, 1, Duration.ZERO, Duration.ZERO))
                .hasMessageContaining("openRunCheckInterval");
    }

    private JobDefinition slowJob() {
        return job("slow", Schedule.none()).toBuilder()
                .retry(POLICY)
                .timeoutMs(TIMEOUT_MS)
                .build();
    }

    @Test
    void aClaimedRunWhoseWorkerDiesBeforeStartingItIsLostAndRetried() {
        planner.heartbeat(heartbeat(START, Duration.ofSeconds(5)));
        JobDefinition job =
                job("slow", Schedule.none()).toBuilder().retry(POLICY).build();
        planner.put(job);
        planner.request(request("run-1", job.id(), RequestType.RUN_NOW, null, null));
        planner.fires();
        planner.result(claimOfRun1(job, planner.clock.instant()));

        planner.advanceCoarsely(Duration.ofSeconds(20));

        RunResult lost = single(planner.writtenResults());
        assertThat(lost.status()).isEqualTo(RunStatus.LOST);
        assertThat(lost.message()).contains(WORKER, "expired");
        assertThat(single(planner.fires()).fireId()).isEqualTo("run-1~2");
    }

    @Test
    void theTimeoutOfAClaimedRunCountsFromItsRealStart() {
        JobDefinition job = slowJob();
        planner.put(job);
        planner.heartbeat(heartbeat(START, Duration.ofHours(1)));
        planner.request(request("run-1", job.id(), RequestType.RUN_NOW, null, null));
        planner.fires();
        planner.result(claimOfRun1(job, START));
        planner.advanceCoarsely(Duration.ofSeconds(40));
        planner.result(resultOfRun1(job, RunStatus.STARTED, planner.clock.instant()));

        planner.advanceCoarsely(Duration.ofSeconds(85));
        assertThat(planner.writtenResults())
                .as("125 s: before the real start + 60 s + 30 s")
                .isEmpty();

        planner.advanceCoarsely(Duration.ofSeconds(10));
        assertThat(single(planner.writtenResults()).status()).isEqualTo(RunStatus.TIMED_OUT);
    }

    @Test
    void aWorkerWhoseHeartbeatExpiresLosesEachOfItsOpenRunsAndOnlyThose() {
        planner.heartbeat(heartbeat(START, Duration.ofSeconds(5)));
        planner.heartbeat(new WorkerHeartbeat(
                WorkerHeartbeat.SCHEMA_VERSION,
                "worker-2",
                "demo",
                List.of("echo"),
                4,
                1,
                List.of(),
                Duration.ofHours(1).toMillis(),
                START,
                START));
        JobDefinition job =
                job("slow", Schedule.none()).toBuilder().retry(POLICY).build();
        planner.put(job);
        for (String fireId : List.of("a", "b", "c", "d")) {
            planner.request(request(fireId, job.id(), RequestType.RUN_NOW, null, null));
        }
        planner.fires();
        List.of("a", "b", "c").forEach(fireId -> planner.result(startedOn(job, fireId, WORKER)));
        planner.result(startedOn(job, "d", "worker-2"));

        planner.advanceCoarsely(Duration.ofSeconds(20));

        assertThat(planner.writtenResults())
                .allSatisfy(lost -> assertThat(lost.status()).isEqualTo(RunStatus.LOST))
                .extracting(RunResult::runId)
                .containsExactlyInAnyOrder("a#0", "b#0", "c#0");
    }

    /**
     * A worker whose clock is 20 s behind sends heartbeats whose {@code sentAt + 3 * interval} is always past by the
     * planner's clock: judged by the planner's receipt, it keeps its run while it beats, and loses it one time to
     * live after it stops.
     */
    @Test
    void aWorkerWhoseClockIsBehindKeepsItsRunWhileItBeatsAndLosesItOnceItStops() {
        planner.heartbeat(heartbeat(START.minus(SKEW), BEAT));
        runStarted(job("slow", Schedule.none()).toBuilder().retry(POLICY).build());

        for (int beat = 0; beat < BEATS_WHILE_ALIVE; beat++) {
            planner.advance(BEAT);
            planner.heartbeat(heartbeat(planner.clock.instant().minus(SKEW), BEAT));
        }
        assertThat(planner.writtenResults())
                .as("a worker 20 s behind that beats every second is alive")
                .isEmpty();

        planner.advance(BEAT.multipliedBy(WorkerHeartbeat.MISSED_BEATS_BEFORE_DEAD + 2));
        RunResult lost = single(planner.writtenResults());
        assertThat(lost.status()).isEqualTo(RunStatus.LOST);
        assertThat(lost.message()).contains(WORKER, "received", "expired");
        assertThat(single(planner.fires()).fireId()).isEqualTo("run-1~2");
    }

    /**
     * A worker whose clock is 20 s ahead sends heartbeats that, by their {@code sentAt}, stay alive 20 s after its
     * last: judged by the planner's receipt, its run is LOST one time to live after it stops.
     */
    @Test
    void aWorkerWhoseClockIsAheadLosesItsRunOneTimeToLiveAfterItStops() {
        planner.heartbeat(heartbeat(START.plus(SKEW), BEAT));
        runStarted(job("slow", Schedule.none()).toBuilder().retry(POLICY).build());
        for (int beat = 0; beat < BEATS_WHILE_ALIVE; beat++) {
            planner.advance(BEAT);
            planner.heartbeat(heartbeat(planner.clock.instant().plus(SKEW), BEAT));
        }
        assertThat(planner.writtenResults()).isEmpty();

        planner.advance(BEAT.multipliedBy(WorkerHeartbeat.MISSED_BEATS_BEFORE_DEAD + 2));
        assertThat(single(planner.writtenResults()).status())
                .as("LOST 3 s after the last heartbeat's receipt, not 23 s")
                .isEqualTo(RunStatus.LOST);
    }

    /**
     * A worker cut off from the brokers gives up its claim on a run after the claim timeout, the next owner of the
     * trigger's partition runs it, and the first worker's producer delivers the claim after the run ended: the late
     * claim opens nothing, so the run is not ended LOST and retried once that worker leaves.
     */
    @Test
    void aClaimReadAfterTheRunEndedOpensNothing() {
        planner.heartbeat(heartbeat(START, Duration.ofHours(1)));
        planner.heartbeat(heartbeatOf("worker-2", START, Duration.ofHours(1)));
        JobDefinition job =
                job("slow", Schedule.none()).toBuilder().retry(POLICY).build();
        planner.put(job);
        planner.request(request("run-1", job.id(), RequestType.RUN_NOW, null, null));
        planner.fires();
        planner.result(claimOfRun1(job, START));
        planner.result(resultOfRun1(job, RunStatus.SUCCEEDED, START.plusSeconds(1)));
        planner.advanceCoarsely(Duration.ofSeconds(30));

        planner.result(claimOn(job, "worker-2", START));
        planner.workerGone("worker-2");
        planner.advanceCoarsely(Duration.ofMinutes(1));

        assertThat(planner.writtenResults())
                .as("no LOST for a run that succeeded")
                .isEmpty();
        assertThat(planner.fires()).as("no retry").isEmpty();
    }

    @Test
    void aWorkersClockBehindDoesNotTimeItsRunOutEarly() {
        JobDefinition job = slowJob();
        planner.put(job);
        planner.request(request("run-1", job.id(), RequestType.RUN_NOW, null, null));
        assertThat(planner.fires()).extracting(FireEvent::fireId).containsExactly("run-1");
        planner.heartbeat(heartbeat(START.minus(SKEW), Duration.ofHours(1)));
        planner.result(resultOfRun1(job, RunStatus.STARTED, START.minus(SKEW)));

        planner.advanceCoarsely(Duration.ofSeconds(85));
        assertThat(planner.writtenResults())
                .as("the timeout counts from when the planner read STARTED, not from the worker's stamp 20 s behind")
                .isEmpty();

        planner.advanceCoarsely(Duration.ofSeconds(10));
        RunResult timedOut = single(planner.writtenResults());
        assertThat(timedOut.status()).isEqualTo(RunStatus.TIMED_OUT);
        assertThat(timedOut.message()).contains("60000 ms", "30000 ms");
    }

    @Test
    void aClaimBatchOpensEachOfItsRunsAndAWorkerWhoseHeartbeatExpiresHasThemEndedLostAndRetried() {
        planner.heartbeat(heartbeat(START, Duration.ofSeconds(5)));
        JobDefinition job =
                job("slow", Schedule.none()).toBuilder().retry(POLICY).build();
        planner.put(job);
        for (String fireId : List.of("a", "b", "c")) {
            planner.request(request(fireId, job.id(), RequestType.RUN_NOW, null, null));
        }
        planner.fires();
        planner.claims(new ClaimBatch(List.of(claimOf(job, "a"), claimOf(job, "b")), WORKER, START));

        planner.advanceCoarsely(Duration.ofSeconds(20));

        assertThat(planner.writtenResults())
                .allSatisfy(lost -> assertThat(lost.status()).isEqualTo(RunStatus.LOST))
                .extracting(RunResult::runId)
                .containsExactlyInAnyOrder("a#0", "b#0");
        assertThat(planner.fires()).extracting(FireEvent::fireId).containsExactlyInAnyOrder("a~2", "b~2");
    }

    @Test
    void aClaimBatchReadAfterItsRunEndedOpensNothing() {
        planner.heartbeat(heartbeat(START, Duration.ofSeconds(5)));
        JobDefinition job =
                job("slow", Schedule.none()).toBuilder().retry(POLICY).build();
        planner.put(job);
        planner.request(request("a", job.id(), RequestType.RUN_NOW, null, null));
        planner.fires();
        planner.result(result(job.id(), "a", RunStatus.SUCCEEDED, 1, START));
        planner.claims(new ClaimBatch(List.of(claimOf(job, "a")), WORKER, START));

        planner.advanceCoarsely(Duration.ofSeconds(20));

        assertThat(planner.writtenResults())
                .as("no LOST for a run that succeeded")
                .isEmpty();
        assertThat(planner.fires()).as("no retry").isEmpty();
    }

    @Test
    void aClaimBatchHoldingAStartIsDeadLetteredWholeAndOpensNoRun() {
        planner.heartbeat(heartbeat(START, Duration.ofSeconds(5)));
        JobDefinition job =
                job("slow", Schedule.none()).toBuilder().retry(POLICY).build();
        planner.put(job);
        planner.request(request("a", job.id(), RequestType.RUN_NOW, null, null));
        planner.request(request("b", job.id(), RequestType.RUN_NOW, null, null));
        planner.fires();
        planner.claims(new ClaimBatch(List.of(claimOf(job, "a"), startedOn(job, "b", WORKER)), WORKER, START));

        assertThat(planner.deadLetters())
                .singleElement()
                .satisfies(letter -> assertThat(letter.reason()).contains("claims[1]", "not a claim"));
        planner.advanceCoarsely(Duration.ofSeconds(20));
        assertThat(planner.writtenResults()).isEmpty();
    }

    /** Registers the job, runs it now (fire {@code run-1}) and reports its run STARTED on {@link #WORKER}. */
    /** Starts a new planner whose verdicts wait while a partition of a topic the test holds up is asked about. */
    private HeldUpTopics plannerAskingWhetherSettled() {
        planner.close();
        HeldUpTopics heldUp = new HeldUpTopics();
        planner = new PlannerHarness(stateDir.resolve("asking"), START, heldUp);
        return heldUp;
    }

    /** Readability the test sets: the partitions of {@link #topics} are not settled. */
    private static final class HeldUpTopics implements PartitionReadability {

        final Set<String> topics = new HashSet<>();
        final Set<TopicPartition> asked = new HashSet<>();

        @Override
        public boolean settled(Collection<TopicPartition> partitions, Instant now) {
            asked.addAll(partitions);
            return partitions.stream().noneMatch(partition -> topics.contains(partition.topic()));
        }
    }

    private void runStarted(JobDefinition job) {
        planner.put(job);
        planner.request(request("run-1", job.id(), RequestType.RUN_NOW, null, null));
        assertThat(planner.fires()).extracting(FireEvent::fireId).containsExactly("run-1");
        planner.result(resultOfRun1(job, RunStatus.STARTED, planner.clock.instant()));
    }

    /**
     * Runs a job now on a worker whose heartbeat expires at 15 s, and at 30 s reads the run's STARTED, stamped at
     * the start: a planner lagging behind {@code results}.
     */
    private JobDefinition startedRunReadLate() {
        planner.heartbeat(heartbeat(START, Duration.ofSeconds(5)));
        JobDefinition job =
                job("slow", Schedule.none()).toBuilder().retry(POLICY).build();
        planner.put(job);
        planner.request(request("run-1", job.id(), RequestType.RUN_NOW, null, null));
        planner.advanceCoarsely(Duration.ofSeconds(30));
        planner.resultStampedAt(resultOfRun1(job, RunStatus.STARTED, START), START);
        return job;
    }

    private static RunResult resultOfRun1(JobDefinition job, RunStatus status, Instant at) {
        return new RunResult(
                RunResult.SCHEMA_VERSION,
                "run-1#0",
                "run-1",
                job.id(),
                "demo",
                "echo",
                WORKER,
                status,
                FireKind.MANUAL,
                1,
                0,
                1,
                at,
                at,
                status.isTerminal() ? at : null,
                null,
                null,
                null,
                at);
    }

    private static RunResult startedOn(JobDefinition job, String fireId, String instance) {
        return TestJobs.started(job.id(), fireId, instance, START);
    }

    /** {@link #WORKER}'s claim on the run of fire {@code fireId}. */
    private static RunResult claimOf(JobDefinition job, String fireId) {
        return TestJobs.claim(job.id(), fireId, WORKER, START);
    }

    /** The claim of {@code instance} on run {@code run-1#0}. */
    private static RunResult claimOn(JobDefinition job, String instance, Instant at) {
        return TestJobs.claim(job.id(), "run-1", instance, at);
    }

    private static WorkerHeartbeat heartbeatOf(String instance, Instant sentAt, Duration interval) {
        return TestJobs.heartbeat(instance, START, sentAt, interval);
    }

    /** The worker's claim on run {@code run-1#0}: a STARTED without {@code startedAt}. */
    private static RunResult claimOfRun1(JobDefinition job, Instant at) {
        return claimOn(job, WORKER, at);
    }

    private static WorkerHeartbeat heartbeat(Instant sentAt, Duration interval) {
        return heartbeatOf(WORKER, sentAt, interval);
    }

    private static <T> T single(List<T> values) {
        assertThat(values).hasSize(1);
        return values.get(0);
    }
}
