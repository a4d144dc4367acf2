package io.carillon.worker.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.carillon.topics.TopicCatalog;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.Progress;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.Trigger;
import io.carillon.topics.events.WorkflowRef;
import io.carillon.worker.JobHandlerFunction;
import io.carillon.worker.TestTriggers;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** One run's reporting rules, with a mock producer in place of Kafka. */
class RunExecutionTest {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2030-01-01T00:00:00Z"), ZoneOffset.UTC);

    private final MockProducer<String, byte[]> producer =
            new MockProducer<>(true, null, new StringSerializer(), new ByteArraySerializer());
    private final EventPublisher publisher = new EventPublisher(producer, TopicCatalog.defaults());
    private final RunReporter reporter = new RunReporter(publisher, "unit-1", CLOCK);
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
    private final CountDownLatch gate = new CountDownLatch(1);
    private final CountDownLatch exited = new CountDownLatch(1);
    private final CountDownLatch released = new CountDownLatch(1);

    @AfterEach
    void cleanUp() {
        gate.countDown();
        timer.shutdownNow();
    }

    private RunExecution execution(Trigger trigger, JobHandlerFunction handler) {
        RunContext context = new RunContext(trigger, "unit-1", publisher, CLOCK, reporter, Delays.on(timer));
        return new RunExecution(trigger, handler, context, reporter, timer, new RunExecution.Listener() {
            @Override
            public void released(RunExecution execution) {
                released.countDown();
            }

            @Override
            public void threadReturned(RunExecution execution) {
                exited.countDown();
            }
        });
    }

    private List<RunResult> results() {
        return PublishedResults.of(publisher, producer, TopicCatalog.defaults());
    }

    private List<RunStatus> statuses() {
        return results().stream().map(RunResult::status).toList();
    }

    /** The latest result, or null. */
    private RunResult last() {
        List<RunResult> results = results();
        return results.isEmpty() ? null : results.get(results.size() - 1);
    }

    private static Trigger workflowTrigger(WorkflowRef ref) {
        Trigger plain = TestTriggers.trigger("etl", "nightly.load", "load", null);
        return new Trigger(
                plain.schemaVersion(),
                plain.runId(),
                plain.fireId(),
                plain.jobId(),
                plain.app(),
                plain.handler(),
                plain.params(),
                FireKind.WORKFLOW,
                plain.attempt(),
                plain.scheduledAt(),
                plain.dispatchedAt(),
                plain.shardIndex(),
                plain.shardTotal(),
                plain.blockStrategy(),
                plain.timeoutMs(),
                plain.targetInstance(),
                plain.parentRunId(),
                plain.dueAt(),
                ref);
    }

    @Test
    void aWorkflowNodeReadsItsAncestorsOutputsAndItsOutputGoesOnTheTerminalResult() {
        WorkflowRef ref = new WorkflowRef(
                "nightly", "nightly@1", "load", 1, Map.of("extract", "{\"rows\":3}", "transform", "s3://b/p0"));
        execution(workflowTrigger(ref), context -> {
                    assertThat(context.inWorkflow()).isTrue();
                    assertThat(context.workflowOutputs()).containsOnlyKeys("extract", "transform");
                    context.setOutput("loaded " + context.workflowOutput("extract"));
                    return "ok";
                })
                .run();

        RunResult ended = last();
        assertThat(ended.status()).isEqualTo(RunStatus.SUCCEEDED);
        assertThat(ended.output()).isEqualTo("loaded {\"rows\":3}");
        assertThat(ended.workflow()).isEqualTo(ref);
        assertThat(results())
                .filteredOn(result -> !result.status().isTerminal())
                .as("only the terminal result carries it")
                .allSatisfy(result -> assertThat(result.output()).isNull());
    }

    @Test
    void anOutputOverTheBoundIsRefusedAndARunOfNoWorkflowHasNoContext() {
        execution(TestTriggers.trigger("billing", "job", "echo", null), context -> {
                    assertThat(context.inWorkflow()).isFalse();
                    assertThat(context.workflowOutputs()).isEmpty();
                    assertThat(context.workflowOutput("extract")).isNull();
                    context.setOutput("x".repeat(RunResult.MAX_OUTPUT_CHARS + 1));
                    return "not reached";
                })
                .run();

        assertThat(last().status()).isEqualTo(RunStatus.FAILED);
        assertThat(last().message()).contains("at most " + RunResult.MAX_OUTPUT_CHARS);
        assertThat(last().output()).isNull();
    }

    @Test
    void aReturnedValueIsTheMessageOfSucceeded() {
        execution(TestTriggers.trigger("billing", "job", "echo", "x"), context -> "done: " + context.params())
                .run();

        assertThat(PublishedResults.endedWithoutStarted(statuses())).containsExactly(RunStatus.SUCCEEDED);
        assertThat(last().message()).isEqualTo("done: x");
        assertThat(last().startedAt()).isEqualTo(CLOCK.instant());
    }

    @Test
    void theFirstToStopARunDecidesItsStatusAndTheHandlersLateOutcomeIsIgnored() throws InterruptedException {
        AtomicBoolean interrupted = new AtomicBoolean();
        RunExecution execution = execution(TestTriggers.trigger("billing", "job", "hold", null), context -> {
            try {
                gate.await();
                return "finished";
            } catch (InterruptedException e) {
                interrupted.set(true);
                throw e;
            }
        });
        Thread thread = new Thread(execution);
        thread.start();
        await().atMost(Duration.ofSeconds(5)).until(() -> !results().isEmpty());

        assertThat(execution.stop(RunStatus.KILLED, "killed by test")).isTrue();
        assertThat(execution.stop(RunStatus.TIMED_OUT, "too late")).isFalse();
        exited.await();

        assertThat(interrupted).isTrue();
        assertThat(results()).extracting(RunResult::status).containsExactly(RunStatus.STARTED, RunStatus.KILLED);
        assertThat(results().get(1).message()).isEqualTo("killed by test");
    }

    @Test
    void aRunPastItsTimeoutIsReportedAtOnceWhileTheHandlerStillRuns() throws InterruptedException {
        Trigger trigger = TestTriggers.trigger("billing", "job", "stubborn", null, 50);
        AtomicBoolean cancelledSeen = new AtomicBoolean();
        RunExecution execution = execution(trigger, context -> {
            while (gate.getCount() > 0) {
                try {
                    gate.await();
                } catch (InterruptedException ignored) {
                    // ignores interruption on purpose
                }
            }
            cancelledSeen.set(context.isCancelled());
            return "finished anyway";
        });
        new Thread(execution).start();

        await().atMost(Duration.ofSeconds(5))
                .until(() -> last() != null && last().status().isTerminal());
        assertThat(last().status()).isEqualTo(RunStatus.TIMED_OUT);
        await("the slot is released when the run times out")
                .atMost(Duration.ofSeconds(5))
                .until(() -> released.getCount() == 0);
        assertThat(exited.getCount()).as("the handler still runs").isEqualTo(1);

        gate.countDown();
        exited.await();
        assertThat(cancelledSeen).isTrue();
        assertThat(PublishedResults.endedWithoutStarted(statuses())).containsExactly(RunStatus.TIMED_OUT);
    }

    @Test
    void theLastProgressHeldBackIsPublishedBeforeTheTerminalStatus() {
        execution(TestTriggers.trigger("billing", "job", "count", null), context -> {
                    context.progress(1, 3, "first");
                    context.progress(2, 3, "second");
                    context.progress(3, 3, "third");
                    return "counted";
                })
                .run();

        assertThat(results())
                .extracting(RunResult::status)
                .containsExactly(RunStatus.STARTED, RunStatus.PROGRESS, RunStatus.PROGRESS, RunStatus.SUCCEEDED);
        assertThat(results())
                .extracting(RunResult::progress)
                .containsExactly(null, new Progress(1, 3, "first"), new Progress(3, 3, "third"), null);
        assertThat(results().get(1).startedAt()).isEqualTo(CLOCK.instant());
    }

    @Test
    void negativeProgressIsRefusedNamingTheValues() {
        execution(TestTriggers.trigger("billing", "job", "count", null), context -> {
                    context.progress(-1, 3, null);
                    return "unreachable";
                })
                .run();

        assertThat(PublishedResults.endedWithoutStarted(statuses())).containsExactly(RunStatus.FAILED);
        assertThat(last().message()).contains("must not be negative", "done=-1", "total=3");
    }
}
