package io.carillon.worker.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import io.carillon.testkit.SettableClock;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.events.BlockStrategy;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.Trigger;
import io.carillon.worker.Gates;
import io.carillon.worker.JobHandlerFunction;

/** Triggers that arrive before their {@code dueAt} (the dispatcher's trigger lead), on a settable clock. */
class EarlyTriggerTest {

    private static final Instant T0 = Instant.parse("2030-01-01T00:00:00Z");
    private static final Duration DEADLINE = Duration.ofSeconds(5);
    private static final TopicCatalog CATALOG = TopicCatalog.defaults();

    private final SettableClock clock = new SettableClock(T0);
    private final MockProducer<String, byte[]> producer =
            new MockProducer<>(true, null, new StringSerializer(), new ByteArraySerializer());
    private final EventPublisher publisher = new EventPublisher(producer, CATALOG);
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
    private final ManualDelays delays = new ManualDelays();
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
        Map<String, JobHandlerFunction> handlers = Map.of("hold", gates::hold);
        WorkerSettings settings = new WorkerSettings("unused:9092", CATALOG, clock, "unit", "unit-1", capacity,
                Duration.ofSeconds(1), Duration.ofSeconds(5), handlers, Map.of());
        executor = new RunExecutor(settings, new RunReporter(publisher, "unit-1", clock), publisher, timer, delays);
        return executor;
    }

    /** A trigger of {@code jobId} named {@code name}, due {@code dueInMillis} after T0. */
    private static Trigger run(String jobId, String name, BlockStrategy strategy, long dueInMillis) {
        return new Trigger(Trigger.SCHEMA_VERSION, name + "#0", name, jobId, "unit", "hold", name, FireKind.MANUAL, 1,
                T0, T0, 0, 1, strategy, 0, null, null, T0.plusMillis(dueInMillis));
    }

    private List<RunResult> results(String name) {
        return producer.history().stream().filter(record -> record.topic().equals(CATALOG.results()))
                .map(record -> EventSerdes.RESULT.deserialize(null, record.value()))
                .filter(result -> result.runId().equals(name + "#0")).toList();
    }

    private List<RunStatus> statuses(String name) {
        return results(name).stream().map(RunResult::status).toList();
    }

    private static ConditionFactory soon() {
        return await().atMost(DEADLINE).pollDelay(Duration.ZERO).pollInterval(Duration.ofMillis(5));
    }

    @Test
    void anEarlyTriggerTakesItsSlotAtOnceAndStartsAtItsDueInstantNotBefore() {
        RunExecutor runs = executor(1);

        assertThat(runs.offer(run("job", "a", BlockStrategy.PARALLEL, 100))).isTrue();

        assertThat(statuses("a")).isEmpty();
        assertThat(runs.isRunning("a#0")).isTrue();
        assertThat(runs.waitingCount()).isEqualTo(1);
        assertThat(runs.runningCount()).isZero();
        assertThat(runs.offer(run("other", "b", BlockStrategy.PARALLEL, 0))).as("the slot is taken").isFalse();
        assertThat(delays.requested()).containsExactly(Duration.ofMillis(100));

        clock.advance(Duration.ofMillis(60));
        delays.runPending();
        assertThat(statuses("a")).as("the delay ended before the clock reached dueAt").isEmpty();
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

        runs.offer(run("job", "a", BlockStrategy.PARALLEL, 0));

        assertThat(delays.requested()).containsExactly(Duration.ofMillis(2));
    }

    @Test
    void aKillWhileItWaitsForItsDueInstantEndsItKilledAndFreesTheSlot() {
        RunExecutor runs = executor(1);
        runs.offer(run("job", "a", BlockStrategy.PARALLEL, 100));

        assertThat(runs.kill("a#0", "killed by test")).isTrue();

        assertThat(statuses("a")).containsExactly(RunStatus.KILLED);
        assertThat(results("a").get(0).message()).startsWith("killed by test").contains("before it started");
        assertThat(runs.isRunning("a#0")).isFalse();
        assertThat(runs.offer(run("other", "b", BlockStrategy.PARALLEL, 0))).isTrue();
        clock.advance(Duration.ofMillis(100));
        delays.runPending();
        soon().until(() -> gates.saw("start b"));
        assertThat(gates.events()).doesNotContain("start a");
    }

    @Test
    void aSerialRunWaitsBehindAnEarlyRunOfItsJob() {
        RunExecutor runs = executor(2);
        runs.offer(run("job", "a", BlockStrategy.SERIAL, 100));
        runs.offer(run("job", "b", BlockStrategy.SERIAL, 0));

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
        runs.offer(run("job", "a", BlockStrategy.COVER_EARLY, 100));

        assertThat(runs.offer(run("job", "b", BlockStrategy.COVER_EARLY, 0))).isTrue();

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
        runs.offer(run("job", "a", BlockStrategy.PARALLEL, 3_600_000));

        runs.shutdown(Duration.ofMillis(20));

        assertThat(statuses("a")).containsExactly(RunStatus.KILLED);
        assertThat(results("a").get(0).message()).contains("shut down before the run's due instant");
        delays.runPending();
        assertThat(gates.events()).isEmpty();
    }
}
