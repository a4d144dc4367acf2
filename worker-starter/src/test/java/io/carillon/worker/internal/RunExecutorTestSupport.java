package io.carillon.worker.internal;

import static org.awaitility.Awaitility.await;

import io.carillon.topics.TopicCatalog;
import io.carillon.topics.events.BlockStrategy;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.Trigger;
import io.carillon.worker.Gates;
import io.carillon.worker.JobHandlerFunction;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.AfterEach;

/**
 * What the executor's tests share: an executor (on a fixed clock, unless the test gives its own settings) with a
 * mock producer in place of Kafka, handlers held by {@link Gates}, and the results it published.
 */
abstract class RunExecutorTestSupport {

    static final Clock CLOCK = Clock.fixed(Instant.parse("2030-01-01T00:00:00Z"), ZoneOffset.UTC);
    static final Duration DEADLINE = Duration.ofSeconds(5);
    static final TopicCatalog CATALOG = TopicCatalog.defaults();

    private final MockProducer<String, byte[]> producer =
            new MockProducer<>(true, null, new StringSerializer(), new ByteArraySerializer());
    private final EventPublisher publisher = new EventPublisher(producer, CATALOG);
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
    final Gates gates = new Gates();
    private RunExecutor executor;

    @AfterEach
    void cleanUp() {
        gates.openAll();
        if (executor != null) {
            executor.shutdown(Duration.ZERO);
        }
        timer.shutdownNow();
    }

    RunExecutor executor(int capacity) {
        Map<String, JobHandlerFunction> handlers = Map.of("hold", gates::hold, "stubborn", gates::stubborn);
        WorkerSettings settings = new WorkerSettings(
                "unused:9092",
                CATALOG,
                CLOCK,
                "unit",
                "unit-1",
                capacity,
                Duration.ofSeconds(1),
                Duration.ofSeconds(5),
                handlers,
                Map.of());
        return executor(settings, CLOCK, Delays.on(timer));
    }

    /** An executor with {@code settings}, reporting on {@code clock}, its delays going through {@code delays}. */
    RunExecutor executor(WorkerSettings settings, Clock clock, Delays delays) {
        executor = new RunExecutor(settings, new RunReporter(publisher, "unit-1", clock), publisher, timer, delays);
        return executor;
    }

    /** A trigger of {@code jobId} whose run id and params are {@code name}. */
    static Trigger run(String jobId, String name, String handler, BlockStrategy strategy, long timeoutMs) {
        Instant at = CLOCK.instant();
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
                at,
                at,
                0,
                1,
                strategy,
                timeoutMs,
                null,
                null);
    }

    static Trigger run(String jobId, String name, BlockStrategy strategy) {
        return run(jobId, name, "hold", strategy, 0);
    }

    List<RunResult> results() {
        return PublishedResults.of(publisher, producer, CATALOG);
    }

    List<RunStatus> statuses(String name) {
        return results().stream()
                .filter(result -> result.runId().equals(name + "#0"))
                .map(RunResult::status)
                .toList();
    }

    RunResult terminal(String name) {
        return results().stream()
                .filter(result ->
                        result.runId().equals(name + "#0") && result.status().isTerminal())
                .findFirst()
                .orElse(null);
    }

    static ConditionFactory soon() {
        return await().atMost(DEADLINE).pollDelay(Duration.ZERO).pollInterval(Duration.ofMillis(5));
    }

    void awaitEvent(String event) {
        soon().until(() -> gates.saw(event));
    }
}
