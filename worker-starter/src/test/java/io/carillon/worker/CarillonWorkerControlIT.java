package io.carillon.worker;

import static io.carillon.worker.TestTriggers.endedWithoutStarted;
import static io.carillon.worker.TestTriggers.manual;
import static io.carillon.worker.TestTriggers.statuses;
import static io.carillon.worker.TestTriggers.terminal;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.carillon.testkit.TestKafka;
import io.carillon.testkit.TopicReader;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.events.BlockStrategy;
import io.carillon.topics.events.DeadLetter;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.Trigger;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Kill requests on {@code control}, and stuck handlers, on a worker with a single slot against the real broker: when
 * a stopped handler keeps its thread, the next run still gets the slot.
 */
class CarillonWorkerControlIT {

    private static final Duration DEADLINE = Duration.ofSeconds(20);
    private static final String APP = "controlled";
    private static final String INSTANCE = "controlled-1";

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
                .clock(TestTriggers.DUE_CLOCK)
                .bootstrapServers(TestKafka.bootstrapServers())
                .catalog(catalog)
                .app(APP)
                .instanceId(INSTANCE)
                .capacity(1)
                .heartbeatInterval(Duration.ofMillis(200))
                .shutdownGrace(Duration.ofSeconds(1))
                .handler("hold", gates::hold)
                .handler("stubborn", gates::stubborn)
                .handler("echo", JobContext::params)
                .build();
        worker.start();
    }

    @AfterAll
    static void stopWorker() {
        gates.openAll();
        worker.close();
        triggers.close();
    }

    private static ConditionFactory eventually() {
        return await().atMost(DEADLINE).pollInterval(Duration.ofMillis(20));
    }

    private static Trigger run(String jobId, String name, String handler, long timeoutMs) {
        return manual(APP, jobId, name, handler, BlockStrategy.SERIAL, timeoutMs);
    }

    private void startAndAwait(Trigger trigger, TopicReader<RunResult> results) {
        triggers.send(topic, 0, trigger);
        eventually()
                .untilAsserted(() ->
                        assertThat(statuses(results.values(), trigger.runId())).containsExactly(RunStatus.STARTED));
    }

    @Test
    void aKillRequestStopsTheRunInterruptsItAndReportsItKilled() {
        Trigger trigger = run("kill-job", "kill-a", "hold", 0);

        try (TopicReader<RunResult> results = new TopicReader<>(catalog.results(), EventSerdes.RESULT)) {
            startAndAwait(trigger, results);

            triggers.kill(catalog.control(), APP, trigger.runId(), "cmd-1");

            eventually()
                    .untilAsserted(() -> assertThat(statuses(results.values(), trigger.runId()))
                            .containsExactly(RunStatus.STARTED, RunStatus.KILLED));
            assertThat(terminal(results.values(), trigger.runId()).message())
                    .isEqualTo("killed on request of ada (command cmd-1)");
            eventually().until(() -> gates.saw("interrupted kill-a"));
        }
    }

    @Test
    void aKillThatArrivesBeforeItsTriggerEndsTheRunKilledWithoutRunningIt() {
        Trigger early = run("early-kill-job", "early-kill-a", "echo", 0);
        Trigger marker = run("early-kill-marker", "early-kill-marker", "hold", 0);

        try (TopicReader<RunResult> results = new TopicReader<>(catalog.results(), EventSerdes.RESULT)) {
            startAndAwait(marker, results);
            triggers.kill(catalog.control(), APP, early.runId(), "cmd-early");
            triggers.kill(catalog.control(), APP, marker.runId(), "cmd-marker");
            eventually()
                    .untilAsserted(() -> assertThat(statuses(results.values(), marker.runId()))
                            .as("the control loop has read the early kill")
                            .contains(RunStatus.KILLED));

            triggers.send(topic, 0, early);

            eventually()
                    .untilAsserted(() -> assertThat(terminal(results.values(), early.runId()))
                            .isNotNull());
            assertThat(statuses(results.values(), early.runId())).containsExactly(RunStatus.KILLED);
            assertThat(terminal(results.values(), early.runId()).message())
                    .isEqualTo("killed on request of ada (command cmd-early) before its trigger was taken");
            assertThat(terminal(results.values(), early.runId()).startedAt()).isNull();
        }
    }

    @Test
    void killRequestsForRunsNotHereOrForAnotherAppAreIgnored() {
        Trigger trigger = run("ignore-job", "ignore-a", "hold", 0);

        try (TopicReader<RunResult> results = new TopicReader<>(catalog.results(), EventSerdes.RESULT);
                TopicReader<DeadLetter> dlq = new TopicReader<>(catalog.dlq(), EventSerdes.DEAD_LETTER)) {
            startAndAwait(trigger, results);

            triggers.kill(catalog.control(), APP, "elsewhere#0", "cmd-elsewhere");
            triggers.kill(catalog.control(), "another-app", trigger.runId(), "cmd-other-app");
            triggers.kill(catalog.control(), APP, trigger.runId(), "cmd-last");

            eventually()
                    .untilAsserted(() -> assertThat(terminal(results.values(), trigger.runId()))
                            .isNotNull());
            assertThat(terminal(results.values(), trigger.runId()).message()).contains("cmd-last");
            assertThat(results.values()).noneMatch(result -> result.runId().equals("elsewhere#0"));
            assertThat(dlq.values()).noneMatch(letter -> letter.sourceTopic().equals(catalog.control()));
        }
    }

    @Test
    void malformedControlRecordsGoToTheDlqAndKillsGoOn() {
        Trigger trigger = run("after-bad-job", "after-bad-a", "hold", 0);
        String control = catalog.control();

        try (TopicReader<RunResult> results = new TopicReader<>(catalog.results(), EventSerdes.RESULT);
                TopicReader<DeadLetter> dlq = new TopicReader<>(catalog.dlq(), EventSerdes.DEAD_LETTER)) {
            startAndAwait(trigger, results);

            triggers.send(control, 0, "garbage", "not json".getBytes(StandardCharsets.UTF_8));
            triggers.send(
                    control, 0, "no-run", "{\"type\":\"KILL\",\"commandId\":\"c\"}".getBytes(StandardCharsets.UTF_8));
            triggers.kill(control, APP, trigger.runId(), "cmd-after-bad");

            eventually()
                    .untilAsserted(() -> assertThat(statuses(results.values(), trigger.runId()))
                            .containsExactly(RunStatus.STARTED, RunStatus.KILLED));
            eventually()
                    .untilAsserted(() -> assertThat(dlq.values())
                            .filteredOn(letter -> letter.sourceTopic().equals(control))
                            .hasSize(2));
            List<DeadLetter> letters = dlq.values().stream()
                    .filter(letter -> letter.sourceTopic().equals(control))
                    .toList();
            assertThat(letters).allSatisfy(letter -> {
                assertThat(letter.component()).isEqualTo("worker");
                assertThat(letter.reason()).contains("seen by worker instance " + INSTANCE);
            });
            assertThat(letters).extracting(DeadLetter::key).containsExactly("garbage", "no-run");
            assertThat(letters.get(0).reason()).startsWith("not a valid ControlCommand");
            assertThat(letters.get(1).reason()).contains("'runId' is missing");
        }
    }

    @Test
    void aTimedOutHandlerThatIgnoresInterruptsDoesNotBlockTheOnlySlot() {
        Trigger stuck = run("stuck-job", "stuck-a", "stubborn", 200);
        Trigger next = run("next-job", "next-a", "echo", 0);

        try (TopicReader<RunResult> results = new TopicReader<>(catalog.results(), EventSerdes.RESULT)) {
            triggers.send(topic, 0, stuck);
            eventually()
                    .untilAsserted(() -> assertThat(endedWithoutStarted(statuses(results.values(), stuck.runId())))
                            .containsExactly(RunStatus.TIMED_OUT));

            triggers.send(topic, 0, next);
            eventually()
                    .untilAsserted(() -> assertThat(terminal(results.values(), next.runId()))
                            .isNotNull()
                            .extracting(RunResult::status)
                            .isEqualTo(RunStatus.SUCCEEDED));
            assertThat(gates.events())
                    .as("the stuck handler still runs")
                    .doesNotContain("end after ignoring an interrupt stuck-a");

            gates.open("stuck-a");
            eventually().until(() -> gates.saw("end after ignoring an interrupt stuck-a"));
            assertThat(endedWithoutStarted(statuses(results.values(), stuck.runId())))
                    .as("the late outcome of the handler is ignored")
                    .containsExactly(RunStatus.TIMED_OUT);
        }
    }

    @Test
    void aKilledHandlerThatIgnoresInterruptsLetsTheNextRunOfItsJobStart() {
        Trigger stuck = run("stuck-serial-job", "stuck-serial-a", "stubborn", 0);
        Trigger queued = run("stuck-serial-job", "stuck-serial-b", "echo", 0);

        try (TopicReader<RunResult> results = new TopicReader<>(catalog.results(), EventSerdes.RESULT)) {
            startAndAwait(stuck, results);
            triggers.send(topic, 0, queued);

            triggers.kill(catalog.control(), APP, stuck.runId(), "cmd-stuck");

            eventually()
                    .untilAsserted(() -> assertThat(terminal(results.values(), queued.runId()))
                            .isNotNull()
                            .extracting(RunResult::status)
                            .isEqualTo(RunStatus.SUCCEEDED));
            assertThat(endedWithoutStarted(statuses(results.values(), stuck.runId())))
                    .containsExactly(RunStatus.KILLED);
            gates.open("stuck-serial-a");
            eventually().until(() -> gates.saw("end after ignoring an interrupt stuck-serial-a"));
        }
    }
}
