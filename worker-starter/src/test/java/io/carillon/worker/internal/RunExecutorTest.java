package io.carillon.worker.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

import org.apache.kafka.clients.producer.MockProducer;
import org.awaitility.core.ConditionFactory;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import io.carillon.topics.EventSerdes;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.events.BlockStrategy;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.Trigger;
import io.carillon.worker.Gates;
import io.carillon.worker.JobHandlerFunction;

/** Block strategies, kills and slots of the executor, with a mock producer in place of Kafka. */
class RunExecutorTest {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2030-01-01T00:00:00Z"), ZoneOffset.UTC);
    private static final Duration DEADLINE = Duration.ofSeconds(5);
    private static final TopicCatalog CATALOG = TopicCatalog.defaults();

    private final MockProducer<String, byte[]> producer =
            new MockProducer<>(true, null, new StringSerializer(), new ByteArraySerializer());
    private final EventPublisher publisher = new EventPublisher(producer, CATALOG);
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
    private final Gates gates = new Gates();
    private RunExecutor executor;

    @AfterEach
    void cleanUp() {
        gates.openAll();
        if (executor != null) {
            executor.shutdown(Duration.ZERO);
        }
        timer.shutdownNow();
    }

    private RunExecutor executor(int capacity) {
        Map<String, JobHandlerFunction> handlers = Map.of("hold", gates::hold, "stubborn", gates::stubborn);
        WorkerSettings settings = new WorkerSettings("unused:9092", CATALOG, CLOCK, "unit", "unit-1", capacity,
                Duration.ofSeconds(1), Duration.ofSeconds(5), handlers, Map.of());
        executor = new RunExecutor(settings, new RunReporter(publisher, "unit-1", CLOCK), publisher, timer);
        return executor;
    }

    /** A trigger of {@code jobId} whose run id and params are {@code name}. */
    private static Trigger run(String jobId, String name, String handler, BlockStrategy strategy, long timeoutMs) {
        Instant at = CLOCK.instant();
        return new Trigger(Trigger.SCHEMA_VERSION, name + "#0", name, jobId, "unit", handler, name,
                FireKind.MANUAL, 1, at, at, 0, 1, strategy, timeoutMs, null, null);
    }

    private static Trigger run(String jobId, String name, BlockStrategy strategy) {
        return run(jobId, name, "hold", strategy, 0);
    }

    private List<RunResult> results() {
        return PublishedResults.of(publisher, producer, CATALOG);
    }

    private List<RunStatus> statuses(String name) {
        return results().stream().filter(result -> result.runId().equals(name + "#0")).map(RunResult::status)
                .toList();
    }

    private RunResult terminal(String name) {
        return results().stream().filter(result -> result.runId().equals(name + "#0") && result.status().isTerminal())
                .findFirst().orElse(null);
    }

    private static ConditionFactory soon() {
        return await().atMost(DEADLINE).pollDelay(Duration.ZERO).pollInterval(Duration.ofMillis(5));
    }

    private void awaitEvent(String event) {
        soon().until(() -> gates.saw(event));
    }

    @Test
    void serialRunsOfOneJobWaitInArrivalOrderWhileOtherJobsRun() {
        RunExecutor runs = executor(4);
        assertThat(runs.offer(run("report", "a", BlockStrategy.SERIAL))).isTrue();
        awaitEvent("start a");
        assertThat(runs.offer(run("report", "b", BlockStrategy.SERIAL))).isTrue();
        assertThat(runs.offer(run("report", "c", BlockStrategy.SERIAL))).isTrue();
        assertThat(runs.offer(run("other", "x", BlockStrategy.SERIAL))).isTrue();
        awaitEvent("start x");

        assertThat(runs.waitingCount()).isEqualTo(2);
        assertThat(runs.isRunning("b#0")).isTrue();
        assertThat(statuses("b")).isEmpty();

        gates.open("b");
        gates.open("c");
        gates.open("a");
        soon().until(() -> terminal("c") != null);

        assertThat(gates.events()).filteredOn(event -> !event.endsWith("x"))
                .containsExactly("start a", "end a", "start b", "end b", "start c", "end c");
        assertThat(runs.waitingCount()).isZero();
    }

    @Test
    void aTriggerWithoutBlockStrategyIsSerial() {
        RunExecutor runs = executor(4);
        runs.offer(run("report", "a", null));
        awaitEvent("start a");
        runs.offer(run("report", "b", null));

        assertThat(runs.waitingCount()).isEqualTo(1);
        gates.open("b");
        gates.open("a");
        soon().until(() -> terminal("b") != null);
        assertThat(gates.events()).containsExactly("start a", "end a", "start b", "end b");
    }

    @Test
    void discardLaterSkipsTheNewTriggerNamingTheRunningRun() {
        RunExecutor runs = executor(4);
        runs.offer(run("sync", "a", BlockStrategy.DISCARD_LATER));
        awaitEvent("start a");

        assertThat(runs.offer(run("sync", "b", BlockStrategy.DISCARD_LATER))).isTrue();

        assertThat(statuses("b")).containsExactly(RunStatus.SKIPPED);
        assertThat(terminal("b").message()).contains("run a#0", "DISCARD_LATER", "unit-1");
        gates.open("a");
        soon().until(() -> terminal("a") != null);
        assertThat(gates.events()).doesNotContain("start b");
    }

    @Test
    void coverEarlyKillsTheRunningRunNamingTheNewOneWhichRuns() {
        RunExecutor runs = executor(1);
        runs.offer(run("price", "a", BlockStrategy.COVER_EARLY));
        awaitEvent("start a");

        assertThat(runs.offer(run("price", "b", BlockStrategy.COVER_EARLY))).isTrue();

        assertThat(PublishedResults.endedWithoutStarted(statuses("a"))).containsExactly(RunStatus.KILLED);
        assertThat(terminal("a").message()).contains("covered by run b#0", "COVER_EARLY");
        awaitEvent("interrupted a");
        awaitEvent("start b");
        gates.open("b");
        soon().until(() -> terminal("b") != null);
        assertThat(terminal("b").status()).isEqualTo(RunStatus.SUCCEEDED);
        assertThat(PublishedResults.endedWithoutStarted(statuses("a"))).containsExactly(RunStatus.KILLED);
    }

    @Test
    void coverEarlySkipsRunsThatWaitedBehindTheCoveredOne() {
        RunExecutor runs = executor(2);
        runs.offer(run("price", "a", BlockStrategy.SERIAL));
        awaitEvent("start a");
        runs.offer(run("price", "b", BlockStrategy.SERIAL));

        runs.offer(run("price", "c", BlockStrategy.COVER_EARLY));

        assertThat(statuses("b")).containsExactly(RunStatus.SKIPPED);
        assertThat(terminal("b").message()).contains("covered by run c#0");
        awaitEvent("start c");
        assertThat(runs.waitingCount()).isZero();
    }

    @Test
    void parallelRunsOfOneJobOverlap() {
        RunExecutor runs = executor(4);
        runs.offer(run("fan", "a", BlockStrategy.PARALLEL));
        runs.offer(run("fan", "b", BlockStrategy.PARALLEL));

        awaitEvent("start a");
        awaitEvent("start b");
        assertThat(runs.runningCount()).isEqualTo(2);
    }

    @Test
    void aTriggerThatNeedsASlotWaitsOutsideWhenNoneIsFree() throws InterruptedException {
        RunExecutor runs = executor(1);
        runs.offer(run("one", "a", BlockStrategy.PARALLEL));

        assertThat(runs.offer(run("two", "b", BlockStrategy.PARALLEL))).isFalse();
        assertThat(runs.awaitRoom(Duration.ofMillis(1))).isFalse();
        gates.open("a");
        assertThat(runs.awaitRoom(DEADLINE)).isTrue();
        assertThat(runs.offer(run("two", "b", BlockStrategy.PARALLEL))).isTrue();
    }

    @Test
    void serialRunsWaitUpToALimitThenTheTriggerStaysOutside() {
        RunExecutor runs = executor(1);
        runs.offer(run("busy", "a", BlockStrategy.SERIAL));
        int limit = RunExecutor.WAITING_RUNS_PER_SLOT;
        for (int i = 0; i < limit; i++) {
            assertThat(runs.offer(run("busy", "w" + i, BlockStrategy.SERIAL))).isTrue();
        }

        assertThat(runs.offer(run("busy", "over", BlockStrategy.SERIAL))).isFalse();
        assertThat(runs.waitingCount()).isEqualTo(limit);
    }

    @Test
    void killStopsARunningRunAndReportsItKilled() {
        RunExecutor runs = executor(2);
        runs.offer(run("long", "a", BlockStrategy.SERIAL));
        awaitEvent("start a");

        assertThat(runs.kill("a#0", "killed by test")).isTrue();

        assertThat(PublishedResults.endedWithoutStarted(statuses("a"))).containsExactly(RunStatus.KILLED);
        assertThat(terminal("a").message()).isEqualTo("killed by test");
        awaitEvent("interrupted a");
        assertThat(runs.kill("a#0", "again")).isFalse();
    }

    @Test
    void killOfAWaitingRunReportsItKilledAndItNeverStarts() {
        RunExecutor runs = executor(2);
        runs.offer(run("long", "a", BlockStrategy.SERIAL));
        awaitEvent("start a");
        runs.offer(run("long", "b", BlockStrategy.SERIAL));

        assertThat(runs.kill("b#0", "killed by test")).isTrue();

        assertThat(statuses("b")).containsExactly(RunStatus.KILLED);
        assertThat(terminal("b").message()).startsWith("killed by test").endsWith("before it started");
        gates.open("a");
        soon().until(() -> terminal("a") != null);
        assertThat(gates.events()).doesNotContain("start b");
    }

    @Test
    void killOfARunThatIsNotHereDoesNothing() {
        RunExecutor runs = executor(2);

        assertThat(runs.kill("elsewhere#0", "killed by test")).isFalse();
        assertThat(results()).isEmpty();
    }

    @Test
    void aStuckHandlerGivesBackItsSlotWhenItTimesOutAndItsLateOutcomeIsIgnored() {
        RunExecutor runs = executor(1);
        runs.offer(run("stuck", "s", "stubborn", BlockStrategy.SERIAL, 50));
        soon().until(() -> terminal("s") != null);
        assertThat(terminal("s").status()).isEqualTo(RunStatus.TIMED_OUT);

        assertThat(runs.offer(run("next", "n", BlockStrategy.SERIAL))).isTrue();
        awaitEvent("start n");
        assertThat(runs.lingeringCount()).isEqualTo(1);
        assertThat(runs.runningCount()).isEqualTo(1);

        gates.open("s");
        soon().until(() -> runs.lingeringCount() == 0);
        assertThat(PublishedResults.endedWithoutStarted(statuses("s"))).containsExactly(RunStatus.TIMED_OUT);
    }

    @Test
    void aStuckSerialRunThatIsKilledLetsTheNextRunOfItsJobStart() {
        RunExecutor runs = executor(1);
        runs.offer(run("stuck", "s", "stubborn", BlockStrategy.SERIAL, 0));
        awaitEvent("start s");
        runs.offer(run("stuck", "t", BlockStrategy.SERIAL));

        runs.kill("s#0", "killed by test");

        awaitEvent("start t");
        assertThat(runs.lingeringCount()).isEqualTo(1);
    }

    @Test
    void shutdownKillsWhatOutlivesTheGraceIncludingRunsThatNeverStarted() {
        RunExecutor runs = executor(1);
        runs.offer(run("slow", "a", BlockStrategy.SERIAL));
        awaitEvent("start a");
        runs.offer(run("slow", "b", BlockStrategy.SERIAL));

        runs.shutdown(Duration.ofMillis(50));

        assertThat(PublishedResults.endedWithoutStarted(statuses("a"))).containsExactly(RunStatus.KILLED);
        assertThat(statuses("b")).containsExactly(RunStatus.KILLED);
        assertThat(terminal("b").message()).contains("shut down before the run could start behind run a#0");
        assertThat(runs.offer(run("slow", "c", BlockStrategy.SERIAL))).isFalse();
    }
}
