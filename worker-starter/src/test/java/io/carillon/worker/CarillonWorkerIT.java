package io.carillon.worker;

import static io.carillon.worker.TestTriggers.endedWithoutStarted;
import static io.carillon.worker.TestTriggers.statuses;
import static io.carillon.worker.TestTriggers.terminal;
import static io.carillon.worker.TestTriggers.trigger;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;
import static org.awaitility.Awaitility.await;

import io.carillon.testkit.TestKafka;
import io.carillon.testkit.TopicReader;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.events.DeadLetter;
import io.carillon.topics.events.LogLine;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.Trigger;
import io.carillon.topics.events.WorkerHeartbeat;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** One worker against the real broker, shared by tests that each use their own job ids. */
class CarillonWorkerIT {

    private static final Duration DEADLINE = Duration.ofSeconds(20);
    private static final Instant NOW = Instant.parse("2030-01-01T09:00:02Z");
    private static final String APP = "shared";
    private static final String INSTANCE = "shared-1";

    private static final Map<String, AtomicInteger> invocations = new ConcurrentHashMap<>();
    private static final Map<String, Boolean> cancelledSeen = new ConcurrentHashMap<>();
    private static final CountDownLatch stuckRelease = new CountDownLatch(1);

    private static TopicCatalog catalog;
    private static CarillonWorker worker;
    private static TestTriggers triggers;

    record Greeting(String name) {}

    @BeforeAll
    static void startWorker() {
        catalog = TestKafka.newCatalog(2);
        triggers = new TestTriggers();
        worker = CarillonWorker.builder()
                .bootstrapServers(TestKafka.bootstrapServers())
                .catalog(catalog)
                .clock(Clock.fixed(NOW, ZoneOffset.UTC))
                .app(APP)
                .instanceId(INSTANCE)
                .capacity(4)
                .heartbeatInterval(Duration.ofMillis(200))
                .shutdownGrace(Duration.ofSeconds(5))
                .handler("echo", context -> {
                    invocations
                            .computeIfAbsent(context.runId(), id -> new AtomicInteger())
                            .incrementAndGet();
                    return context.params();
                })
                .handler("fail", context -> {
                    throw new IllegalStateException("boom: " + context.params());
                })
                .handler("greet", context -> {
                    Greeting greeting = context.params(Greeting.class);
                    context.log("one");
                    context.log("two");
                    return "hello " + greeting.name();
                })
                .handler("stuck", CarillonWorkerIT::ignoreInterruptsUntilReleased)
                .build();
        worker.start();
    }

    @AfterAll
    static void stopWorker() {
        stuckRelease.countDown();
        worker.close();
        triggers.close();
    }

    private static Object ignoreInterruptsUntilReleased(JobContext context) {
        boolean released = false;
        while (!released) {
            try {
                stuckRelease.await();
                released = true;
            } catch (InterruptedException ignored) {
                // this handler ignores interruption on purpose
            }
        }
        cancelledSeen.put(context.runId(), context.isCancelled());
        return "released";
    }

    @Test
    void runReportsSucceededWithItsStartAndEnd() {
        Trigger trigger = trigger(APP, "echo-job", "echo", "ping");
        triggers.send(catalog.trigger(APP), trigger);

        try (TopicReader<RunResult> results = new TopicReader<>(catalog.results(), EventSerdes.RESULT)) {
            await().atMost(DEADLINE)
                    .untilAsserted(() -> assertThat(endedWithoutStarted(statuses(results.values(), trigger.runId())))
                            .containsExactly(RunStatus.SUCCEEDED));
            RunResult succeeded = terminal(results.values(), trigger.runId());
            assertThat(succeeded.message()).isEqualTo("ping");
            assertThat(succeeded.instance()).isEqualTo(INSTANCE);
            assertThat(succeeded.startedAt()).isEqualTo(NOW);
            assertThat(succeeded.finishedAt()).isEqualTo(NOW);
            assertThat(succeeded.scheduledAt()).isEqualTo(TestTriggers.SCHEDULED_AT);
            assertThat(succeeded.jobId()).isEqualTo("echo-job");
        }
    }

    @Test
    void failingHandlerReportsFailedWithTheExceptionMessage() {
        Trigger trigger = trigger(APP, "fail-job", "fail", "bad input");
        triggers.send(catalog.trigger(APP), trigger);

        try (TopicReader<RunResult> results = new TopicReader<>(catalog.results(), EventSerdes.RESULT)) {
            await().atMost(DEADLINE)
                    .untilAsserted(() -> assertThat(endedWithoutStarted(statuses(results.values(), trigger.runId())))
                            .containsExactly(RunStatus.FAILED));
            RunResult failed = terminal(results.values(), trigger.runId());
            assertThat(failed.message()).isEqualTo("boom: bad input");
            assertThat(failed.errorClass()).isEqualTo(IllegalStateException.class.getName());
        }
    }

    @Test
    void unknownHandlerFailsNamingTheHandlersThisInstanceHas() {
        Trigger trigger = trigger(APP, "unknown-job", "no-such-handler", null);
        triggers.send(catalog.trigger(APP), trigger);

        try (TopicReader<RunResult> results = new TopicReader<>(catalog.results(), EventSerdes.RESULT)) {
            await().atMost(DEADLINE)
                    .untilAsserted(() -> assertThat(terminal(results.values(), trigger.runId()))
                            .isNotNull());
            RunResult failed = terminal(results.values(), trigger.runId());
            assertThat(failed.status()).isEqualTo(RunStatus.FAILED);
            assertThat(failed.message()).contains("'no-such-handler'", "[echo, fail, greet, stuck]");
        }
    }

    @Test
    void heartbeatListsHandlersCapacityAndAssignedPartitions() {
        try (TopicReader<WorkerHeartbeat> workers = new TopicReader<>(catalog.workers(), EventSerdes.HEARTBEAT)) {
            await().atMost(DEADLINE)
                    .untilAsserted(() -> assertThat(workers.values())
                            .filteredOn(
                                    beat -> beat != null && beat.instanceId().equals(INSTANCE))
                            .anySatisfy(beat -> assertThat(beat.partitions()).containsExactly(0, 1)));
            WorkerHeartbeat beat = workers.values().stream()
                    .filter(value -> value != null && value.instanceId().equals(INSTANCE))
                    .reduce((first, second) -> second)
                    .orElseThrow();
            assertThat(beat.app()).isEqualTo(APP);
            assertThat(beat.handlers()).containsExactly("echo", "fail", "greet", "stuck");
            assertThat(beat.capacity()).isEqualTo(4);
            assertThat(beat.intervalMs()).isEqualTo(200);
            assertThat(beat.startedAt()).isEqualTo(NOW);
            assertThat(beat.sentAt()).isEqualTo(NOW);
        }
    }

    @Test
    void aTriggerDeliveredTwiceRunsOnce() {
        Trigger duplicated = trigger(APP, "dup-job", "echo", "twice");
        Trigger marker = trigger(APP, "dup-marker", "echo", "after");
        triggers.send(catalog.trigger(APP), 0, duplicated);
        triggers.send(catalog.trigger(APP), 0, duplicated);
        triggers.send(catalog.trigger(APP), 0, marker);

        try (TopicReader<RunResult> results = new TopicReader<>(catalog.results(), EventSerdes.RESULT)) {
            await().atMost(DEADLINE)
                    .untilAsserted(() -> assertThat(terminal(results.values(), marker.runId()))
                            .isNotNull());
            assertThat(endedWithoutStarted(statuses(results.values(), duplicated.runId())))
                    .containsExactly(RunStatus.SUCCEEDED);
            assertThat(invocations.get(duplicated.runId())).hasValue(1);
        }
    }

    @Test
    void malformedTriggersGoToTheDlqAndProcessingGoesOn() {
        String topic = catalog.trigger(APP);
        Trigger valid = trigger(APP, "after-bad-job", "echo", "still here");
        Trigger withoutHandler = trigger(APP, "no-handler-job", null, null);
        triggers.send(topic, 1, "garbage", "not json".getBytes(StandardCharsets.UTF_8));
        triggers.send(topic, 1, withoutHandler);
        triggers.send(topic, 1, valid);

        try (TopicReader<RunResult> results = new TopicReader<>(catalog.results(), EventSerdes.RESULT);
                TopicReader<DeadLetter> dlq = new TopicReader<>(catalog.dlq(), EventSerdes.DEAD_LETTER)) {
            await().atMost(DEADLINE)
                    .untilAsserted(() -> assertThat(terminal(results.values(), valid.runId()))
                            .extracting(RunResult::status)
                            .isEqualTo(RunStatus.SUCCEEDED));
            await().atMost(DEADLINE)
                    .untilAsserted(() -> assertThat(dlq.values()).hasSize(2));
            List<DeadLetter> letters = dlq.values();
            assertThat(letters).allSatisfy(letter -> {
                assertThat(letter.sourceTopic()).isEqualTo(topic);
                assertThat(letter.partition()).isEqualTo(1);
                assertThat(letter.component()).isEqualTo("worker");
                assertThat(letter.at()).isEqualTo(NOW);
            });
            DeadLetter garbage = letterWithKey(letters, "garbage");
            assertThat(garbage.value()).isEqualTo("not json");
            assertThat(garbage.reason()).startsWith("not a valid Trigger");
            assertThat(letterWithKey(letters, withoutHandler.runId()).reason()).contains("'handler' is missing");
        }
    }

    private static DeadLetter letterWithKey(List<DeadLetter> letters, String key) {
        return letters.stream()
                .filter(letter -> key.equals(letter.key()))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void runPastItsTimeoutIsReportedTimedOutEvenWhenTheHandlerIgnoresInterrupts() {
        Trigger stuck = trigger(APP, "stuck-job", "stuck", null, 300);
        triggers.send(catalog.trigger(APP), stuck);

        try (TopicReader<RunResult> results = new TopicReader<>(catalog.results(), EventSerdes.RESULT)) {
            await().atMost(DEADLINE)
                    .untilAsserted(() -> assertThat(endedWithoutStarted(statuses(results.values(), stuck.runId())))
                            .containsExactly(RunStatus.TIMED_OUT));
            assertThat(terminal(results.values(), stuck.runId()).message()).contains("timeout of 300 ms");
            try (TopicReader<WorkerHeartbeat> workers = new TopicReader<>(catalog.workers(), EventSerdes.HEARTBEAT)) {
                await().atMost(DEADLINE)
                        .untilAsserted(() -> assertThat(workers.values())
                                .filteredOn(beat ->
                                        beat != null && beat.instanceId().equals(INSTANCE))
                                .anySatisfy(beat -> assertThat(beat.lingering()).isEqualTo(1)));
            }

            stuckRelease.countDown();
            await().atMost(DEADLINE).until(() -> cancelledSeen.containsKey(stuck.runId()));
            assertThat(cancelledSeen.get(stuck.runId())).isTrue();

            Trigger marker = trigger(APP, "stuck-job", "echo", "after the stuck one");
            Trigger markerRun = new Trigger(
                    0,
                    marker.runId() + "-marker",
                    marker.fireId(),
                    marker.jobId(),
                    APP,
                    "echo",
                    "marker",
                    marker.kind(),
                    1,
                    marker.scheduledAt(),
                    marker.dispatchedAt(),
                    0,
                    1,
                    marker.blockStrategy(),
                    0,
                    null,
                    null);
            triggers.send(catalog.trigger(APP), markerRun);
            await().atMost(DEADLINE)
                    .untilAsserted(() -> assertThat(terminal(results.values(), markerRun.runId()))
                            .isNotNull());
            assertThat(endedWithoutStarted(statuses(results.values(), stuck.runId())))
                    .containsExactly(RunStatus.TIMED_OUT);
        }
    }

    @Test
    void typedParamsAndLogLinesInOrder() {
        Trigger trigger = trigger(APP, "greet-job", "greet", "{\"name\":\"Ada\"}");
        triggers.send(catalog.trigger(APP), trigger);

        try (TopicReader<RunResult> results = new TopicReader<>(catalog.results(), EventSerdes.RESULT);
                TopicReader<LogLine> logs = new TopicReader<>(catalog.logs(), EventSerdes.LOG)) {
            await().atMost(DEADLINE)
                    .untilAsserted(() -> assertThat(terminal(results.values(), trigger.runId()))
                            .isNotNull());
            assertThat(terminal(results.values(), trigger.runId()).message()).isEqualTo("hello Ada");
            await().atMost(DEADLINE)
                    .untilAsserted(() -> assertThat(logs.values())
                            .filteredOn(line -> line.runId().equals(trigger.runId()))
                            .extracting(LogLine::seq, LogLine::message, LogLine::instance)
                            .containsExactly(tuple(1L, "one", INSTANCE), tuple(2L, "two", INSTANCE)));
        }
    }
}
