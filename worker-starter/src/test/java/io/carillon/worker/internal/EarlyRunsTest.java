package io.carillon.worker.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.testkit.SettableClock;
import io.carillon.topics.events.BlockStrategy;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.Trigger;
import io.carillon.worker.CarillonWorker;
import io.carillon.worker.JobHandlerFunction;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

/** Triggers that arrive before their {@code dueAt} (the dispatcher's trigger lead), on a settable clock. */
class EarlyRunsTest extends RunExecutorTestSupport {

    private static final Instant T0 = Instant.parse("2030-01-01T00:00:00Z");

    private final SettableClock clock = new SettableClock(T0);
    private final ManualDelays delays = new ManualDelays();
    private final Map<String, Instant> starts = new ConcurrentHashMap<>();

    @Override
    RunExecutor executor(int capacity) {
        return executor(capacity, CarillonWorker.DEFAULT_MAX_EARLY_RUNS);
    }

    private RunExecutor executor(int capacity, int maxEarlyRuns) {
        Map<String, JobHandlerFunction> handlers = Map.of("hold", gates::hold, "noop", context -> {
            starts.put(context.runId(), clock.instant());
            return null;
        });
        WorkerSettings settings = new WorkerSettings(
                "unused:9092",
                CATALOG,
                clock,
                "unit",
                "unit-1",
                capacity,
                Duration.ofSeconds(1),
                Duration.ofSeconds(5),
                handlers,
                Map.of(),
                maxEarlyRuns);
        return executor(settings, clock, delays);
    }

    /** A trigger of {@code jobId} named {@code name}, due {@code dueInMillis} after T0. */
    private static Trigger trigger(String jobId, String name, BlockStrategy strategy, long dueInMillis) {
        return trigger(jobId, name, "hold", strategy, dueInMillis);
    }

    private static Trigger trigger(
            String jobId, String name, String handler, BlockStrategy strategy, long dueInMillis) {
        return new Trigger(
                Trigger.SCHEMA_VERSION,
                name + "#0",
                name,
                jobId,
                "unit",
                handler,
                name,
                FireKind.MANUAL,
                1,
                T0,
                T0,
                0,
                1,
                strategy,
                0,
                null,
                null,
                T0.plusMillis(dueInMillis));
    }

    /** Moves the clock to {@code dueInMillis} after T0 and runs the delays that ended. */
    private void moveTo(long dueInMillis) {
        clock.set(T0.plusMillis(dueInMillis));
        delays.runPending();
    }

    private List<RunResult> results(String name) {
        return results().stream()
                .filter(result -> result.runId().equals(name + "#0"))
                .toList();
    }

    @Test
    void anEarlyTriggerIsTakenAtOnceWithoutASlotAndStartsAtItsDueInstantNotBefore() {
        RunExecutor runs = executor(1);

        assertThat(runs.offer(trigger("job", "a", BlockStrategy.PARALLEL, 100))).isTrue();

        assertThat(statuses("a")).isEmpty();
        assertThat(runs.isRunning("a#0")).isTrue();
        assertThat(runs.waitingCount()).isEqualTo(1);
        assertThat(runs.runningCount()).isZero();
        assertThat(runs.slotsTaken()).as("an early run holds no slot").isZero();
        assertThat(delays.requested()).containsExactly(Duration.ofMillis(100));

        clock.advance(Duration.ofMillis(60));
        delays.runPending();
        assertThat(statuses("a"))
                .as("the delay ended before the clock reached dueAt")
                .isEmpty();
        assertThat(delays.requested()).containsExactly(Duration.ofMillis(100), Duration.ofMillis(40));

        clock.advance(Duration.ofMillis(40));
        delays.runPending();
        soon().until(() -> gates.saw("start a"));
        assertThat(results("a").get(0).status()).isEqualTo(RunStatus.STARTED);
        assertThat(results("a").get(0).startedAt()).isEqualTo(T0.plusMillis(100));
        assertThat(runs.runningCount()).isEqualTo(1);
        assertThat(runs.waitingCount()).isZero();
    }

    @Test
    void aDelayIsRoundedUpToTheNextMillisecond() {
        RunExecutor runs = executor(1);
        clock.set(T0.minusNanos(1_500_000));

        runs.offer(trigger("job", "a", BlockStrategy.PARALLEL, 0));

        assertThat(delays.requested()).containsExactly(Duration.ofMillis(2));
    }

    @Test
    void aKillWhileItWaitsForItsDueInstantEndsItKilledAndFreesTheSlot() {
        RunExecutor runs = executor(1);
        runs.offer(trigger("job", "a", BlockStrategy.PARALLEL, 100));

        assertThat(runs.kill("a#0", "killed by test")).isTrue();

        assertThat(statuses("a")).containsExactly(RunStatus.KILLED);
        assertThat(results("a").get(0).message()).startsWith("killed by test").contains("before it started");
        assertThat(runs.isRunning("a#0")).isFalse();
        assertThat(runs.offer(trigger("other", "b", BlockStrategy.PARALLEL, 0))).isTrue();
        clock.advance(Duration.ofMillis(100));
        delays.runPending();
        soon().until(() -> gates.saw("start b"));
        assertThat(gates.events()).doesNotContain("start a");
    }

    @Test
    void aSerialRunWaitsBehindAnEarlyRunOfItsJob() {
        RunExecutor runs = executor(2);
        runs.offer(trigger("job", "a", BlockStrategy.SERIAL, 100));
        runs.offer(trigger("job", "b", BlockStrategy.SERIAL, 0));

        assertThat(runs.waitingCount()).isEqualTo(2);
        clock.advance(Duration.ofMillis(100));
        delays.runPending();
        soon().until(() -> gates.saw("start a"));
        assertThat(gates.events()).doesNotContain("start b");

        gates.open("a");
        soon().until(() -> gates.saw("start b"));
        assertThat(gates.events()).containsExactly("start a", "end a", "start b");
    }

    @Test
    void coverEarlyEndsAnEarlyRunOfItsJobBeforeItStarts() {
        RunExecutor runs = executor(1);
        runs.offer(trigger("job", "a", BlockStrategy.COVER_EARLY, 100));

        assertThat(runs.offer(trigger("job", "b", BlockStrategy.COVER_EARLY, 0)))
                .isTrue();

        assertThat(statuses("a")).containsExactly(RunStatus.KILLED);
        assertThat(results("a").get(0).message()).contains("covered by run b#0");
        soon().until(() -> gates.saw("start b"));
        clock.advance(Duration.ofMillis(100));
        delays.runPending();
        assertThat(gates.events()).doesNotContain("start a");
    }

    @Test
    void shutdownEndsARunStillWaitingForItsDueInstantKilled() {
        RunExecutor runs = executor(1);
        runs.offer(trigger("job", "a", BlockStrategy.PARALLEL, 3_600_000));

        runs.shutdown(Duration.ofMillis(20));

        assertThat(statuses("a")).containsExactly(RunStatus.KILLED);
        assertThat(results("a").get(0).message()).contains("shut down before the run's due instant");
        delays.runPending();
        assertThat(gates.events()).isEmpty();
    }

    @Test
    void aThousandEarlyTriggersWaitWithoutSlotsOnCapacityTwoAndAllStartAtTheirDueInstant() {
        int count = 1000;
        RunExecutor runs = executor(2);
        for (int i = 0; i < count; i++) {
            assertThat(runs.offer(trigger("job-" + i, "r" + i, "noop", BlockStrategy.SERIAL, 100)))
                    .isTrue();
        }

        assertThat(runs.slotsTaken()).isZero();
        assertThat(runs.runningCount()).isZero();
        assertThat(runs.waitingCount()).isEqualTo(count);
        assertThat(runs.busyJobs()).hasSize(count);
        assertThat(runs.offer(trigger("now", "n", "noop", BlockStrategy.SERIAL, 0)))
                .as("the slots are free")
                .isTrue();
        soon().until(() -> starts.containsKey("n#0"));

        moveTo(100);

        soon().until(() -> starts.size() == count + 1);
        assertThat(starts).allSatisfy((runId, startedAt) -> {
            if (!runId.equals("n#0")) {
                assertThat(startedAt).isEqualTo(T0.plusMillis(100));
            }
        });
        soon().until(() -> runs.waitingCount() == 0 && runs.runningCount() == 0);
        assertThat(runs.busyJobs()).isEmpty();
        assertThat(PublishedResults.endedWithoutStarted(statuses("r999"))).containsExactly(RunStatus.SUCCEEDED);
        assertThat(results("r999").get(results("r999").size() - 1).startedAt()).isEqualTo(T0.plusMillis(100));
    }

    @Test
    void dueRunsWaitingForASlotTakeItInDueOrderBeforeNewTriggers() {
        RunExecutor runs = executor(1);
        runs.offer(trigger("a", "a", BlockStrategy.PARALLEL, 0));
        soon().until(() -> gates.saw("start a"));
        runs.offer(trigger("late", "late", BlockStrategy.PARALLEL, 200));
        runs.offer(trigger("early", "early", BlockStrategy.PARALLEL, 100));
        moveTo(100);
        moveTo(200);

        assertThat(runs.waitingCount())
                .as("both due, both waiting for the one slot")
                .isEqualTo(2);
        assertThat(runs.offer(trigger("new", "new", BlockStrategy.PARALLEL, 0)))
                .as("no slot for a new trigger")
                .isFalse();
        gates.open("a");
        soon().until(() -> gates.saw("start early"));
        gates.open("early");
        soon().until(() -> gates.saw("start late"));
        assertThat(gates.events()).containsExactly("start a", "end a", "start early", "end early", "start late");
    }

    @Test
    void atMostMaxEarlyRunsWaitForTheirDueInstantThenOfferAnswersFalseUntilOneComesDue() throws InterruptedException {
        RunExecutor runs = executor(1, 3);
        for (int i = 0; i < 3; i++) {
            assertThat(runs.offer(trigger("job-" + i, "r" + i, "hold", BlockStrategy.PARALLEL, 100 + i)))
                    .isTrue();
        }
        assertThat(runs.offer(trigger("now", "n", "noop", BlockStrategy.PARALLEL, 0)))
                .as("a due trigger still starts")
                .isTrue();
        soon().until(() -> runs.runningCount() == 0);

        assertThat(runs.offer(trigger("job-3", "r3", "noop", BlockStrategy.PARALLEL, 200)))
                .isFalse();
        assertThat(runs.earlyCount()).isEqualTo(3);
        assertThat(runs.awaitRoom(Duration.ofMillis(1)))
                .as("a free slot is no room for an early trigger")
                .isFalse();

        moveTo(100);

        assertThat(runs.awaitRoom(Duration.ofMillis(1))).isTrue();
        assertThat(runs.offer(trigger("job-3", "r3", "noop", BlockStrategy.PARALLEL, 200)))
                .isTrue();
    }

    @Test
    void aKillOfAnEarlyRunLetsTheRunWaitingBehindItMoveUp() {
        RunExecutor runs = executor(1);
        runs.offer(trigger("job", "a", BlockStrategy.SERIAL, 100));
        runs.offer(trigger("job", "b", BlockStrategy.SERIAL, 200));

        assertThat(runs.kill("a#0", "killed by test")).isTrue();

        assertThat(statuses("a")).containsExactly(RunStatus.KILLED);
        assertThat(runs.waitingCount()).isEqualTo(1);
        assertThat(runs.earlyCount()).as("b waits for its own due instant now").isEqualTo(1);
        moveTo(100);
        assertThat(gates.events()).isEmpty();
        moveTo(200);
        soon().until(() -> gates.saw("start b"));
        assertThat(results("b").get(0).startedAt()).isEqualTo(T0.plusMillis(200));
        assertThat(gates.events()).doesNotContain("start a");
    }

    @Test
    void aKillOfADueRunWaitingForASlotEndsItKilledAndItNeverStarts() {
        RunExecutor runs = executor(1);
        runs.offer(trigger("busy", "a", BlockStrategy.PARALLEL, 0));
        soon().until(() -> gates.saw("start a"));
        runs.offer(trigger("job", "b", BlockStrategy.PARALLEL, 100));
        moveTo(100);

        assertThat(runs.kill("b#0", "killed by test")).isTrue();

        assertThat(statuses("b")).containsExactly(RunStatus.KILLED);
        assertThat(results("b").get(0).message()).contains("before it started", "free slot");
        assertThat(runs.waitingCount()).isZero();
        gates.open("a");
        soon().until(() -> runs.runningCount() == 0);
        assertThat(gates.events()).doesNotContain("start b");
        assertThat(runs.offer(trigger("other", "c", BlockStrategy.PARALLEL, 0)))
                .as("the slot came back")
                .isTrue();
    }

    @Test
    void shutdownEndsEarlyRunsAndDueRunsWithoutASlotKilledAndNoneStarts() {
        RunExecutor runs = executor(1);
        runs.offer(trigger("busy", "a", BlockStrategy.PARALLEL, 0));
        soon().until(() -> gates.saw("start a"));
        runs.offer(trigger("job-b", "b", BlockStrategy.PARALLEL, 100));
        runs.offer(trigger("job-c", "c", BlockStrategy.PARALLEL, 3_600_000));
        runs.offer(trigger("job-c", "d", BlockStrategy.SERIAL, 3_600_000));
        moveTo(100);

        runs.shutdown(Duration.ofMillis(20));

        assertThat(PublishedResults.endedWithoutStarted(statuses("a"))).containsExactly(RunStatus.KILLED);
        assertThat(statuses("b")).containsExactly(RunStatus.KILLED);
        assertThat(results("b").get(0).message()).contains("shut down before the run got a free slot");
        assertThat(statuses("c")).containsExactly(RunStatus.KILLED);
        assertThat(results("c").get(0).message()).contains("shut down before the run's due instant");
        assertThat(statuses("d")).containsExactly(RunStatus.KILLED);
        assertThat(runs.waitingCount()).isZero();
        assertThat(runs.runningCount()).isZero();
        moveTo(3_600_000);
        assertThat(gates.events()).doesNotContain("start b", "start c", "start d");
    }

    @Test
    void shutdownWithNothingRunningLetsAnEarlyRunThatComesDueWithinTheGraceRun() throws Exception {
        RunExecutor runs = executor(1);
        runs.offer(trigger("job", "a", "noop", BlockStrategy.PARALLEL, 100));
        Thread closer = new Thread(() -> runs.shutdown(DEADLINE));
        closer.start();
        soon().until(() -> delays.pendingCount() == 1 && closer.getState() != Thread.State.RUNNABLE);

        moveTo(100);

        closer.join(DEADLINE.toMillis());
        assertThat(closer.isAlive()).isFalse();
        assertThat(PublishedResults.endedWithoutStarted(statuses("a"))).containsExactly(RunStatus.SUCCEEDED);
    }

    @Test
    void serialEarlyRunsOfOneJobStartEachAtItsOwnDueInstantInArrivalOrder() {
        RunExecutor runs = executor(2);
        runs.offer(trigger("job", "a", BlockStrategy.SERIAL, 100));
        runs.offer(trigger("job", "b", BlockStrategy.SERIAL, 200));
        runs.offer(trigger("job", "c", BlockStrategy.SERIAL, 50));

        assertThat(runs.waitingCount()).isEqualTo(3);
        assertThat(runs.slotsTaken()).isZero();
        moveTo(50);
        assertThat(gates.events())
                .as("c waits behind a and b, though due first")
                .isEmpty();
        moveTo(100);
        soon().until(() -> gates.saw("start a"));
        gates.open("a");
        soon().until(() -> runs.runningCount() == 0 && runs.earlyCount() == 1);
        assertThat(gates.events()).containsExactly("start a", "end a");
        moveTo(200);
        soon().until(() -> gates.saw("start b"));
        gates.open("b");
        soon().until(() -> gates.saw("start c"));
        assertThat(gates.events()).containsExactly("start a", "end a", "start b", "end b", "start c");
        assertThat(results("b").get(0).startedAt()).isEqualTo(T0.plusMillis(200));
    }

    @Test
    void anEarlyDiscardLaterTriggerIsDecidedAtItsDueInstantNotWhenItArrives() {
        RunExecutor runs = executor(2);
        runs.offer(trigger("sync", "a", BlockStrategy.DISCARD_LATER, 0));
        soon().until(() -> gates.saw("start a"));
        runs.offer(trigger("sync", "b", BlockStrategy.DISCARD_LATER, 100));
        runs.offer(trigger("sync", "c", BlockStrategy.DISCARD_LATER, 200));

        assertThat(statuses("b")).as("a may end before b is due").isEmpty();
        gates.open("a");
        soon().until(() -> runs.runningCount() == 0);
        moveTo(100);
        soon().until(() -> gates.saw("start b"));
        moveTo(200);

        assertThat(statuses("c")).containsExactly(RunStatus.SKIPPED);
        assertThat(results("c").get(0).message()).contains("run b#0", "DISCARD_LATER");
        assertThat(runs.waitingCount()).isZero();
    }

    @Test
    void anEarlyCoverEarlyTriggerKillsTheRunningRunOnlyAtItsDueInstant() {
        RunExecutor runs = executor(1);
        runs.offer(trigger("price", "a", BlockStrategy.COVER_EARLY, 0));
        soon().until(() -> gates.saw("start a"));

        assertThat(runs.offer(trigger("price", "b", BlockStrategy.COVER_EARLY, 100)))
                .isTrue();

        assertThat(statuses("a")).containsExactly(RunStatus.STARTED);
        moveTo(100);
        assertThat(statuses("a")).containsExactly(RunStatus.STARTED, RunStatus.KILLED);
        assertThat(results("a").get(1).message()).contains("covered by run b#0");
        soon().until(() -> gates.saw("start b"));
        assertThat(results("b").get(0).startedAt()).isEqualTo(T0.plusMillis(100));
    }

    @Test
    void earlySerialTriggersBehindABusyJobTakeEarlyPlacesNotWaitingPlaces() throws InterruptedException {
        RunExecutor runs = executor(1, 6);
        runs.offer(trigger("job", "a", BlockStrategy.SERIAL, 0));
        soon().until(() -> gates.saw("start a"));
        int waitingPlaces = RunAdmission.WAITING_RUNS_PER_SLOT;

        for (int i = 0; i < waitingPlaces + 2; i++) {
            assertThat(runs.offer(trigger("job", "e" + i, BlockStrategy.SERIAL, 100 + i)))
                    .isTrue();
        }

        assertThat(runs.offer(trigger("job", "over", BlockStrategy.SERIAL, 200)))
                .as("the early places are taken")
                .isFalse();
        assertThat(runs.awaitRoom(Duration.ofMillis(1))).isFalse();
        for (int i = 0; i < waitingPlaces; i++) {
            assertThat(runs.offer(trigger("job", "d" + i, BlockStrategy.SERIAL, 0)))
                    .as("waiting places are free")
                    .isTrue();
        }
        assertThat(runs.waitingCount()).isEqualTo(2 * waitingPlaces + 2);
        assertThat(runs.kill("e0#0", "killed by test")).isTrue();
        assertThat(runs.offer(trigger("job", "over", BlockStrategy.SERIAL, 200)))
                .as("a kill frees an early place")
                .isTrue();
    }
}
