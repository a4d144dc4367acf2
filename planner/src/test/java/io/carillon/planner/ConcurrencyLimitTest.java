package io.carillon.planner;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.topics.events.ConcurrencyLimit;
import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.LimitCommand;
import io.carillon.topics.events.LimitCommandType;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.WhenBusy;
import io.carillon.topics.events.WorkerHeartbeat;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Concurrency limits in the planner's limiter: the planner stamps a job's limit on its fires, the test plays the
 * dispatcher (an ACQUIRE for each due fire) and the workers (STARTED and an end for each granted fire), and the
 * limiter grants at most {@code max} slots, queues in order, skips or fails as the job says, and takes a slot back
 * when its run ends, LOST included.
 */
class ConcurrencyLimitTest extends PlannerTestSupport {

    private static final Instant START = Instant.parse("2026-12-02T10:00:00Z");
    private static final String LIMIT = "warehouse-db";
    private static final List<String> WORKERS = List.of("worker-1", "worker-2", "worker-3");

    private LimitSteps steps;

    @BeforeEach
    void start() {
        planner = new PlannerHarness(stateDir, START);
        steps = new LimitSteps(planner);
    }

    @Test
    void fourHoldersAtMostAmongTwentyDueRunsOnThreeWorkersAndEveryRunGetsItsTurnInOrder() {
        planner.limit(ConcurrencyLimit.of(LIMIT, 4));
        List<FireEvent> due = dueFires(20, WhenBusy.WAIT);
        assertThat(due).allSatisfy(fire -> {
            assertThat(fire.limit().name()).isEqualTo(LIMIT);
            assertThat(fire.needsLimit()).isTrue();
        });

        due.forEach(this::acquire);
        Deque<FireEvent> running = new ArrayDeque<>(granted());
        List<RunResult> waiting = planner.writtenResults();
        assertThat(running).hasSize(4);
        assertThat(waiting).hasSize(16).allSatisfy(result -> {
            assertThat(result.status()).isEqualTo(RunStatus.WAITING);
            assertThat(result.message()).contains(LIMIT, "4 of 4 held");
        });

        List<String> order = new ArrayList<>();
        int most = 0;
        int worker = 0;
        while (!running.isEmpty()) {
            most = Math.max(most, running.size());
            FireEvent fire = running.removeFirst();
            order.add(fire.fireId());
            String instance = WORKERS.get(worker++ % WORKERS.size());
            planner.result(runResult(fire, instance, RunStatus.STARTED));
            planner.result(runResult(fire, instance, RunStatus.SUCCEEDED));
            running.addAll(granted());
        }
        assertThat(most).isEqualTo(4);
        assertThat(order)
                .as("each of the 20 runs granted once, in the order the fires asked")
                .containsExactlyElementsOf(due.stream().map(FireEvent::fireId).toList());
        assertThat(planner.writtenLimitCommands())
                .extracting(LimitCommand::type)
                .containsOnly(LimitCommandType.RELEASE)
                .hasSize(20);
    }

    @Test
    void aHoldersRunEndedLostOnAKilledWorkerGivesItsSlotToTheNextWaitingRun() {
        planner.limit(ConcurrencyLimit.of(LIMIT, 1));
        planner.heartbeat(heartbeat("worker-1", Duration.ofSeconds(5)));
        List<FireEvent> due = dueFires(2, WhenBusy.WAIT);
        due.forEach(this::acquire);
        FireEvent holder = single(granted());
        assertThat(single(planner.writtenResults()).status()).isEqualTo(RunStatus.WAITING);
        planner.result(runResult(holder, "worker-1", RunStatus.STARTED));

        planner.advanceCoarsely(Duration.ofSeconds(10));
        assertThat(granted()).as("the worker is alive until 15 s").isEmpty();
        planner.advanceCoarsely(Duration.ofSeconds(10));

        assertThat(planner.writtenResults()).extracting(RunResult::status).containsExactly(RunStatus.LOST);
        FireEvent next = single(granted());
        assertThat(next.fireId()).isEqualTo(due.get(1).fireId());
        assertThat(next.limit().granted()).isTrue();
        assertThat(next.dueAt()).isEqualTo(planner.clock.instant());
    }

    @Test
    void skipAndFailEndARunThatFindsTheLimitFullyHeldAndQueueNothing() {
        planner.limit(ConcurrencyLimit.of(LIMIT, 1));
        FireEvent holder = dueFires(1, WhenBusy.WAIT).get(0);
        acquire(holder);
        assertThat(granted()).hasSize(1);
        FireEvent skipped = dueFire("skipper", WhenBusy.SKIP);
        FireEvent failed = dueFire("failer", WhenBusy.FAIL);
        acquire(skipped);
        acquire(failed);

        List<RunResult> results = planner.writtenResults();
        assertThat(results).extracting(RunResult::status).containsExactly(RunStatus.SKIPPED, RunStatus.FAILED);
        assertThat(results).allSatisfy(result -> assertThat(result.message()).contains(LIMIT, "fully held"));
        assertThat(results.get(1).message()).contains("whenBusy FAIL");

        planner.result(runResult(holder, "worker-1", RunStatus.SUCCEEDED));
        assertThat(granted())
                .as("nothing waits: the skipped and failed runs took no place")
                .isEmpty();
    }

    @Test
    void aFireReleasedTwiceFreesOneSlotAndAnAcquireReadTwiceTakesOne() {
        planner.limit(ConcurrencyLimit.of(LIMIT, 2));
        List<FireEvent> due = dueFires(4, WhenBusy.WAIT);
        due.forEach(this::acquire);
        acquire(due.get(1));
        acquire(due.get(3));
        assertThat(granted()).extracting(FireEvent::fireId).containsExactly(id(due, 0), id(due, 1));
        assertThat(planner.writtenResults()).hasSize(2);

        release(due.get(0));
        release(due.get(0));
        assertThat(granted()).extracting(FireEvent::fireId).containsExactly(id(due, 2));
        acquire(due.get(0));
        assertThat(granted()).as("an ACQUIRE of a released fire, read again").isEmpty();

        release(due.get(1));
        assertThat(granted()).extracting(FireEvent::fireId).containsExactly(id(due, 3));
    }

    @Test
    void anUndefinedLimitGrantsAtOnceAndARaisedMaxLetsTheQueueThrough() {
        List<FireEvent> free = dueFires(3, WhenBusy.WAIT);
        free.forEach(this::acquire);
        assertThat(granted()).hasSize(3);
        free.forEach(this::release);

        planner.limit(ConcurrencyLimit.of(LIMIT, 1));
        List<FireEvent> due = List.of(dueFire("a", WhenBusy.WAIT), dueFire("b", WhenBusy.WAIT));
        due.forEach(this::acquire);
        assertThat(granted()).extracting(FireEvent::fireId).containsExactly(id(due, 0));

        planner.limit(ConcurrencyLimit.of(LIMIT, 2));
        planner.advance(Duration.ofSeconds(2));
        assertThat(granted()).extracting(FireEvent::fireId).containsExactly(id(due, 1));
    }

    /** {@code count} jobs sharing the limit, each run now once: their fires, in the order they were due. */
    private List<FireEvent> dueFires(int count, WhenBusy whenBusy) {
        List<FireEvent> fires = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            fires.add(dueFire("import-" + i, whenBusy));
        }
        return fires;
    }

    private FireEvent dueFire(String jobId, WhenBusy whenBusy) {
        return steps.dueFire(jobId, LIMIT, whenBusy);
    }

    private void acquire(FireEvent fire) {
        steps.acquire(fire);
    }

    private void release(FireEvent fire) {
        planner.limitCommand(
                LimitCommand.release(LIMIT, fire.fireId(), fire.jobId(), "planner", planner.clock.instant()));
    }

    private List<FireEvent> granted() {
        return steps.granted();
    }

    private RunResult runResult(FireEvent fire, String instance, RunStatus status) {
        return steps.runResult(fire, instance, status);
    }

    private static WorkerHeartbeat heartbeat(String instance, Duration interval) {
        return TestJobs.heartbeat(instance, START, START, interval);
    }

    private static String id(List<FireEvent> fires, int index) {
        return fires.get(index).fireId();
    }

    private static <T> T single(List<T> values) {
        return LimitSteps.single(values);
    }
}
