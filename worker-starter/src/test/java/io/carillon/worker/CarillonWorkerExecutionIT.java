package io.carillon.worker;

import static io.carillon.worker.TestTriggers.endedWithoutStarted;
import static io.carillon.worker.TestTriggers.manual;
import static io.carillon.worker.TestTriggers.statuses;
import static io.carillon.worker.TestTriggers.terminal;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;
import static org.awaitility.Awaitility.await;

import io.carillon.testkit.TestKafka;
import io.carillon.testkit.TopicReader;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.events.BlockStrategy;
import io.carillon.topics.events.LogLine;
import io.carillon.topics.events.Progress;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.Trigger;
import io.carillon.topics.events.WorkerHeartbeat;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.stream.IntStream;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Block strategies, progress and log lines on one worker against the real broker. Handlers block on gates the tests
 * open; each test uses its own job ids. Triggers of one test go to one partition, so they arrive in order.
 */
class CarillonWorkerExecutionIT {

    private static final Duration DEADLINE = Duration.ofSeconds(20);
    private static final Instant NOW = Instant.parse("2030-01-01T09:00:02Z");
    private static final String APP = "blocking";
    private static final String INSTANCE = "blocking-1";
    private static final int LOG_LINES = 100;

    private static final Gates gates = new Gates();
    private static TopicCatalog catalog;
    private static CarillonWorker worker;
    private static TestTriggers triggers;
    private static String topic;

    @BeforeAll
    static void startWorker() {
        catalog = TestKafka.newCatalog(2);
        topic = catalog.trigger(APP);
        triggers = new TestTriggers();
        worker = CarillonWorker.builder()
                .bootstrapServers(TestKafka.bootstrapServers())
                .catalog(catalog)
                .clock(Clock.fixed(NOW, ZoneOffset.UTC))
                .app(APP)
                .instanceId(INSTANCE)
                .capacity(4)
                .heartbeatInterval(Duration.ofMillis(200))
                .shutdownGrace(Duration.ofSeconds(1))
                .handler("hold", gates::hold)
                .handler("echo", JobContext::params)
                .handler("count", CarillonWorkerExecutionIT::countWithProgress)
                .handler("chatty", CarillonWorkerExecutionIT::logLines)
                .build();
        worker.start();
    }

    @AfterAll
    static void stopWorker() {
        gates.openAll();
        worker.close();
        triggers.close();
    }

    private static Object countWithProgress(JobContext context) throws InterruptedException {
        for (int done = 1; done <= 50; done++) {
            context.progress(done, 100, "item " + done);
        }
        gates.hold(context);
        context.progress(99, 100, "almost");
        context.progress(100, 100, "done");
        return "counted";
    }

    private static Object logLines(JobContext context) {
        IntStream.rangeClosed(1, LOG_LINES).forEach(i -> context.log("line " + i));
        return "logged";
    }

    private static ConditionFactory eventually() {
        return await().atMost(DEADLINE).pollInterval(Duration.ofMillis(20));
    }

    private static Trigger run(String jobId, String name, BlockStrategy strategy) {
        return manual(APP, jobId, name, "hold", strategy, 0);
    }

    @Test
    void serialRunsOfOneJobRunOneAfterTheOtherInArrivalOrder() {
        Trigger a = run("serial-job", "serial-a", BlockStrategy.SERIAL);
        Trigger b = run("serial-job", "serial-b", BlockStrategy.SERIAL);
        Trigger c = run("serial-job", "serial-c", null);
        Trigger marker = manual(APP, "serial-marker", "serial-marker", "echo", BlockStrategy.SERIAL, 0);
        gates.open("serial-b");
        gates.open("serial-c");

        try (TopicReader<RunResult> results = new TopicReader<>(catalog.results(), EventSerdes.RESULT)) {
            List.of(a, b, c, marker).forEach(trigger -> triggers.send(topic, 0, trigger));
            eventually().until(() -> terminal(results.values(), marker.runId()) != null);
            assertThat(statuses(results.values(), a.runId())).containsExactly(RunStatus.STARTED);
            assertThat(statuses(results.values(), b.runId()))
                    .as("b waits although its gate is open")
                    .isEmpty();
            assertThat(statuses(results.values(), c.runId())).isEmpty();

            gates.open("serial-a");
            eventually().until(() -> terminal(results.values(), c.runId()) != null);

            assertThat(results.values())
                    .filteredOn(result -> result.jobId().equals("serial-job"))
                    .filteredOn(result -> result.status() != RunStatus.STARTED)
                    .extracting(RunResult::runId, RunResult::status)
                    .containsExactly(
                            tuple(a.runId(), RunStatus.SUCCEEDED),
                            tuple(b.runId(), RunStatus.SUCCEEDED),
                            tuple(c.runId(), RunStatus.SUCCEEDED));
            assertThat(statuses(results.values(), a.runId())).containsExactly(RunStatus.STARTED, RunStatus.SUCCEEDED);
            List.of(b, c)
                    .forEach(run -> assertThat(endedWithoutStarted(statuses(results.values(), run.runId())))
                            .containsExactly(RunStatus.SUCCEEDED));
            assertThat(terminal(results.values(), b.runId()).startedAt())
                    .isAfterOrEqualTo(terminal(results.values(), a.runId()).finishedAt());
            assertThat(terminal(results.values(), c.runId()).startedAt())
                    .isAfterOrEqualTo(terminal(results.values(), b.runId()).finishedAt());
        }
    }

    @Test
    void heartbeatsCountRunningAndWaitingRunsAndNameTheBusyJobs() {
        Trigger a = run("beat-job", "beat-a", BlockStrategy.SERIAL);
        Trigger b = run("beat-job", "beat-b", BlockStrategy.SERIAL);

        try (TopicReader<RunResult> results = new TopicReader<>(catalog.results(), EventSerdes.RESULT);
                TopicReader<WorkerHeartbeat> workers = new TopicReader<>(catalog.workers(), EventSerdes.HEARTBEAT)) {
            List.of(a, b).forEach(trigger -> triggers.send(topic, 0, trigger));
            eventually().until(() -> statuses(results.values(), a.runId()).contains(RunStatus.STARTED));
            eventually()
                    .untilAsserted(() -> assertThat(workers.values())
                            .filteredOn(
                                    beat -> beat != null && beat.instanceId().equals(INSTANCE))
                            .anySatisfy(beat -> {
                                assertThat(beat.busyJobs()).contains("beat-job");
                                assertThat(beat.running()).isPositive();
                                assertThat(beat.waiting()).isPositive();
                            }));

            gates.open("beat-b");
            gates.open("beat-a");
            eventually().until(() -> terminal(results.values(), b.runId()) != null);
            eventually()
                    .untilAsserted(
                            () -> assertThat(latestBeat(workers).busyJobs()).doesNotContain("beat-job"));
        }
    }

    private static WorkerHeartbeat latestBeat(TopicReader<WorkerHeartbeat> workers) {
        return workers.values().stream()
                .filter(beat -> beat != null && beat.instanceId().equals(INSTANCE))
                .reduce((first, second) -> second)
                .orElseThrow();
    }

    @Test
    void discardLaterSkipsATriggerThatArrivesWhileTheJobRunsNamingTheRunningRun() {
        Trigger running = run("discard-job", "discard-a", BlockStrategy.DISCARD_LATER);
        Trigger later = run("discard-job", "discard-b", BlockStrategy.DISCARD_LATER);

        try (TopicReader<RunResult> results = new TopicReader<>(catalog.results(), EventSerdes.RESULT)) {
            triggers.send(topic, 0, running);
            eventually().until(() -> gates.saw("start discard-a"));
            triggers.send(topic, 0, later);

            eventually()
                    .untilAsserted(() -> assertThat(statuses(results.values(), later.runId()))
                            .containsExactly(RunStatus.SKIPPED));
            RunResult skipped = terminal(results.values(), later.runId());
            assertThat(skipped.message()).contains(running.runId(), "DISCARD_LATER", INSTANCE);
            assertThat(skipped.instance()).isEqualTo(INSTANCE);

            gates.open("discard-a");
            eventually()
                    .untilAsserted(() -> assertThat(endedWithoutStarted(statuses(results.values(), running.runId())))
                            .containsExactly(RunStatus.SUCCEEDED));
            assertThat(gates.events()).doesNotContain("start discard-b");
        }
    }

    @Test
    void coverEarlyKillsTheRunningRunNamingTheNewOneAndRunsTheNewOne() {
        Trigger early = run("cover-job", "cover-a", BlockStrategy.COVER_EARLY);
        Trigger late = run("cover-job", "cover-b", BlockStrategy.COVER_EARLY);

        try (TopicReader<RunResult> results = new TopicReader<>(catalog.results(), EventSerdes.RESULT)) {
            triggers.send(topic, 0, early);
            eventually().until(() -> gates.saw("start cover-a"));
            triggers.send(topic, 0, late);

            eventually()
                    .untilAsserted(() -> assertThat(endedWithoutStarted(statuses(results.values(), early.runId())))
                            .containsExactly(RunStatus.KILLED));
            assertThat(terminal(results.values(), early.runId()).message())
                    .contains("covered by run " + late.runId(), "COVER_EARLY");
            eventually().until(() -> gates.saw("interrupted cover-a") && gates.saw("start cover-b"));

            gates.open("cover-b");
            eventually()
                    .untilAsserted(() -> assertThat(statuses(results.values(), late.runId()))
                            .containsExactly(RunStatus.STARTED, RunStatus.SUCCEEDED));
            assertThat(endedWithoutStarted(statuses(results.values(), early.runId())))
                    .as("the interrupted handler's own outcome is ignored")
                    .containsExactly(RunStatus.KILLED);
        }
    }

    @Test
    void parallelRunsOfOneJobOverlap() {
        Trigger a = run("parallel-job", "parallel-a", BlockStrategy.PARALLEL);
        Trigger b = run("parallel-job", "parallel-b", BlockStrategy.PARALLEL);

        try (TopicReader<RunResult> results = new TopicReader<>(catalog.results(), EventSerdes.RESULT)) {
            triggers.send(topic, 0, a);
            triggers.send(topic, 0, b);

            eventually().until(() -> gates.saw("start parallel-a") && gates.saw("start parallel-b"));
            gates.open("parallel-a");
            gates.open("parallel-b");
            eventually()
                    .untilAsserted(() -> assertThat(List.of(a, b))
                            .allSatisfy(trigger -> assertThat(terminal(results.values(), trigger.runId()))
                                    .extracting(RunResult::status)
                                    .isEqualTo(RunStatus.SUCCEEDED)));
        }
    }

    @Test
    void progressIsThrottledTheLatestWinsAndTheLastPrecedesTheTerminalStatus() {
        Trigger trigger = manual(APP, "count-job", "count-a", "count", BlockStrategy.SERIAL, 0);

        try (TopicReader<RunResult> results = new TopicReader<>(catalog.results(), EventSerdes.RESULT)) {
            triggers.send(topic, 0, trigger);
            eventually()
                    .untilAsserted(() -> assertThat(progressOf(results.values(), trigger))
                            .extracting(Progress::done)
                            .endsWith(50L));
            assertThat(progressOf(results.values(), trigger))
                    .as("50 reports within one interval")
                    .hasSizeLessThanOrEqualTo(3)
                    .first()
                    .isEqualTo(new Progress(1, 100, "item 1"));

            gates.open("count-a");
            eventually().until(() -> terminal(results.values(), trigger.runId()) != null);

            List<RunResult> run = results.values().stream()
                    .filter(result -> result.runId().equals(trigger.runId()))
                    .toList();
            assertThat(run.get(run.size() - 1).status()).isEqualTo(RunStatus.SUCCEEDED);
            RunResult last = run.get(run.size() - 2);
            assertThat(last.status()).isEqualTo(RunStatus.PROGRESS);
            assertThat(last.progress()).isEqualTo(new Progress(100, 100, "done"));
            assertThat(last.startedAt()).isEqualTo(NOW);
            assertThat(progressOf(results.values(), trigger)).hasSizeLessThanOrEqualTo(4);
        }
    }

    private static List<Progress> progressOf(List<RunResult> results, Trigger trigger) {
        return results.stream()
                .filter(result -> result.runId().equals(trigger.runId()) && result.status() == RunStatus.PROGRESS)
                .map(RunResult::progress)
                .toList();
    }

    @Test
    void aHundredLogLinesArriveInOrderNumberedOneByOne() {
        Trigger trigger = manual(APP, "chatty-job", "chatty-a", "chatty", BlockStrategy.SERIAL, 0);

        try (TopicReader<LogLine> logs = new TopicReader<>(catalog.logs(), EventSerdes.LOG)) {
            triggers.send(topic, 0, trigger);

            eventually()
                    .untilAsserted(() -> assertThat(logs.values())
                            .filteredOn(line -> line.runId().equals(trigger.runId()))
                            .hasSize(LOG_LINES));
            List<LogLine> lines = logs.values().stream()
                    .filter(line -> line.runId().equals(trigger.runId()))
                    .toList();
            assertThat(lines)
                    .extracting(LogLine::seq)
                    .containsExactlyElementsOf(IntStream.rangeClosed(1, LOG_LINES)
                            .mapToObj(i -> (long) i)
                            .toList());
            assertThat(lines)
                    .extracting(LogLine::message)
                    .containsExactlyElementsOf(IntStream.rangeClosed(1, LOG_LINES)
                            .mapToObj(i -> "line " + i)
                            .toList());
        }
    }

    @Test
    void aTriggerMeantForAnotherInstanceRunsWhereItsPartitionIs() {
        Trigger base = manual(APP, "targeted-job", "targeted-a", "echo", BlockStrategy.SERIAL, 0);
        Trigger targeted = new Trigger(
                base.schemaVersion(),
                base.runId(),
                base.fireId(),
                base.jobId(),
                base.app(),
                base.handler(),
                base.params(),
                base.kind(),
                base.attempt(),
                base.scheduledAt(),
                base.dispatchedAt(),
                base.shardIndex(),
                base.shardTotal(),
                base.blockStrategy(),
                base.timeoutMs(),
                "someone-else",
                null);

        try (TopicReader<RunResult> results = new TopicReader<>(catalog.results(), EventSerdes.RESULT)) {
            triggers.send(topic, 1, targeted);

            eventually()
                    .untilAsserted(() -> assertThat(terminal(results.values(), targeted.runId()))
                            .isNotNull()
                            .extracting(RunResult::status, RunResult::instance)
                            .containsExactly(RunStatus.SUCCEEDED, INSTANCE));
        }
    }
}
