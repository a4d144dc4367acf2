package io.carillon.planner;

import static io.carillon.planner.TestJobs.claim;
import static io.carillon.planner.TestJobs.heartbeat;
import static io.carillon.planner.TestJobs.job;
import static io.carillon.planner.TestJobs.request;
import static io.carillon.planner.TestJobs.result;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.carillon.planner.internal.PlannerStores;
import io.carillon.topics.events.ClaimBatch;
import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.RequestType;
import io.carillon.topics.events.RetryPolicy;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.Schedule;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The runs a {@code claims} batch opens are kept per batch: a batch costs the planner's changelog a few records however
 * many runs it holds, and a worker that dies in the middle of a batch has exactly the batch's runs still open ended
 * LOST.
 */
class ClaimBatchesTest extends PlannerTestSupport {

    private static final Instant START = Instant.parse("2026-03-02T10:00:00Z");
    private static final String WORKER = "worker-1";
    private static final String OTHER_WORKER = "worker-2";
    private static final Duration BEAT = Duration.ofSeconds(5);
    private static final Duration PAST_EXPIRY = Duration.ofSeconds(20);
    private static final RetryPolicy POLICY = new RetryPolicy(3, 5_000, 2.0, 60_000);
    private static final int BATCH_SIZE = 50;
    /** Longer than the planner waits, after the last result it read, before it judges a run by a heartbeat. */
    private static final Duration QUIET_AFTER_LAST_RESULT = Duration.ofSeconds(5);

    private JobDefinition job;

    @BeforeEach
    void start() {
        planner = new PlannerHarness(stateDir, START);
        planner.heartbeat(heartbeat(WORKER, START, START, BEAT));
        job = job("slow", Schedule.none()).toBuilder().retry(POLICY).build();
        planner.put(job);
    }

    @Test
    void aWorkerThatDiesInTheMiddleOfABatchHasOnlyItsOpenRunsEndedLostAndRetried() {
        List<String> fireIds = fire("a", "b", "c", "d", "e");
        planner.claims(batchOf(WORKER, fireIds));
        planner.result(result(job.id(), "a", RunStatus.SUCCEEDED, 1, START));
        planner.result(result(job.id(), "c", RunStatus.SUCCEEDED, 1, START));

        planner.advanceCoarsely(PAST_EXPIRY);

        assertThat(planner.writtenResults())
                .allSatisfy(lost -> assertThat(lost.status()).isEqualTo(RunStatus.LOST))
                .extracting(RunResult::runId)
                .containsExactlyInAnyOrder("b#0", "d#0", "e#0");
        assertThat(planner.fires()).extracting(FireEvent::fireId).containsExactlyInAnyOrder("b~2", "d~2", "e~2");
    }

    @Test
    void aBatchIsOneChangelogRecordAndItsRunsEndsWriteNoneOfTheirOwn() {
        List<String> fireIds =
                fire(IntStream.range(0, BATCH_SIZE).mapToObj(i -> "f" + i).toArray(String[]::new));
        planner.changelog(PlannerStores.OPEN_RUNS);

        planner.claims(batchOf(WORKER, fireIds));
        assertThat(planner.changelog(PlannerStores.OPEN_CLAIMS))
                .as("the batch's base")
                .hasSize(1);

        for (String fireId : fireIds.subList(0, BATCH_SIZE - 1)) {
            planner.result(result(job.id(), fireId, RunStatus.SUCCEEDED, 1, START));
        }
        assertThat(planner.changelog(PlannerStores.OPEN_CLAIMS))
                .as("the ended bits, once per commit (the test driver commits after each record)")
                .hasSize(BATCH_SIZE - 1)
                .doesNotContainNull();
        planner.result(result(job.id(), fireIds.get(BATCH_SIZE - 1), RunStatus.SUCCEEDED, 1, START));
        assertThat(planner.changelog(PlannerStores.OPEN_CLAIMS))
                .as("the base and the ended bits deleted with the last run")
                .containsExactly(null, null);
        assertThat(planner.changelog(PlannerStores.OPEN_RUNS))
                .as("no record per run")
                .isEmpty();

        planner.heartbeat(heartbeat(WORKER, START, planner.clock.instant(), BEAT));
        planner.advanceCoarsely(PAST_EXPIRY);
        assertThat(planner.writtenResults()).as("nothing left open to end LOST").isEmpty();
    }

    @Test
    void aClaimOfAnotherWorkerTakesTheRunOverSoOnlyThatWorkersDeathEndsItLost() {
        planner.heartbeat(heartbeat(OTHER_WORKER, START, START, Duration.ofHours(1)));
        List<String> fireIds = fire("a", "b");
        planner.claims(batchOf(WORKER, fireIds));
        planner.claims(batchOf(OTHER_WORKER, List.of("b")));

        planner.advanceCoarsely(PAST_EXPIRY);
        assertThat(planner.writtenResults())
                .as("the first worker died; b is the other's now")
                .extracting(RunResult::runId)
                .containsExactly("a#0");

        planner.workerGone(OTHER_WORKER);
        planner.advanceCoarsely(PAST_EXPIRY.plus(Duration.ofSeconds(30)));
        assertThat(planner.writtenResults())
                .extracting(RunResult::runId, RunResult::instance)
                .containsExactly(tuple("b#0", OTHER_WORKER));
    }

    @Test
    void aRealStartAfterTheClaimKeepsTheRunOpenUntilItsEnd() {
        List<String> fireIds = fire("a");
        planner.claims(batchOf(WORKER, fireIds));
        planner.result(TestJobs.started(job.id(), "a", WORKER, START));
        List<byte[]> records = planner.changelog(PlannerStores.OPEN_CLAIMS);
        assertThat(records).as("the batch's base, then its deletion").hasSize(2);
        assertThat(records.get(1)).as("its one claim became a real start").isNull();
        planner.result(result(job.id(), "a", RunStatus.SUCCEEDED, 1, START));

        planner.advanceCoarsely(PAST_EXPIRY);
        assertThat(planner.writtenResults()).isEmpty();
    }

    @Test
    void aClaimReadAfterTheWorkersLastHeartbeatExpiredKeepsItsRunAliveForAHeartbeatsTimeToLive() {
        List<String> fireIds = fire("a", "b");
        planner.advance(PAST_EXPIRY);
        planner.claims(batchOf(WORKER, fireIds));

        planner.advance(BEAT.multipliedBy(3).minusSeconds(1));
        assertThat(planner.writtenResults())
                .as("the worker wrote the claims: alive then, whatever held its heartbeats up")
                .isEmpty();
        planner.result(result(job.id(), "a", RunStatus.SUCCEEDED, 1, START));

        planner.advance(QUIET_AFTER_LAST_RESULT);
        assertThat(planner.writtenResults())
                .as("b: nothing since its claim's time to live")
                .singleElement()
                .satisfies(lost -> {
                    assertThat(lost.runId()).isEqualTo("b#0");
                    assertThat(lost.status()).isEqualTo(RunStatus.LOST);
                    assertThat(lost.message()).contains("read the run's claim, written by");
                });
    }

    @Test
    void aClaimReadLateTellsNothingOfItsWorkersLifeSinceItWasWritten() {
        List<String> fireIds = fire("a");
        planner.advance(PAST_EXPIRY);
        planner.claimsStampedAt(batchOf(WORKER, fireIds), START);

        planner.advance(QUIET_AFTER_LAST_RESULT);

        assertThat(planner.writtenResults())
                .as("written at the start, read 20 s later: the worker's heartbeat expired long since")
                .singleElement()
                .extracting(RunResult::status)
                .isEqualTo(RunStatus.LOST);
    }

    @Test
    void runsWhoseResultsAreHeldUpWhileClaimsStillArriveAreNotLost() {
        List<String> fireIds = fire("a", "b");
        planner.claims(batchOf(WORKER, fireIds));
        List<String> others =
                fire(IntStream.range(0, 25).mapToObj(i -> "other-" + i).toArray(String[]::new));

        for (String other : others) {
            planner.advance(Duration.ofSeconds(1));
            planner.heartbeat(heartbeat(OTHER_WORKER, START, START, BEAT));
            planner.claims(batchOf(OTHER_WORKER, List.of(other)));
        }
        assertThat(planner.writtenResults())
                .as("25 s without a result or a heartbeat of the worker, but claims kept coming: results held up")
                .isEmpty();

        planner.result(result(job.id(), "a", RunStatus.SUCCEEDED, 1, START));
        planner.advance(QUIET_AFTER_LAST_RESULT);
        assertThat(planner.writtenResults())
                .as("b: its worker's heartbeat long expired, and neither results nor claims came since")
                .singleElement()
                .satisfies(lost -> {
                    assertThat(lost.runId()).isEqualTo("b#0");
                    assertThat(lost.status()).isEqualTo(RunStatus.LOST);
                });
    }

    /** Runs the job now once per fire id and returns the ids. */
    private List<String> fire(String... fireIds) {
        for (String fireId : fireIds) {
            planner.request(request(fireId, job.id(), RequestType.RUN_NOW, null, null));
        }
        planner.fires();
        return List.of(fireIds);
    }

    private ClaimBatch batchOf(String instance, List<String> fireIds) {
        return new ClaimBatch(
                fireIds.stream()
                        .map(fireId -> claim(job.id(), fireId, instance, START))
                        .toList(),
                instance,
                START);
    }
}
