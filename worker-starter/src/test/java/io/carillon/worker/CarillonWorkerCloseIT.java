package io.carillon.worker;

import static io.carillon.worker.TestTriggers.statuses;
import static io.carillon.worker.TestTriggers.terminal;
import static io.carillon.worker.TestTriggers.trigger;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.carillon.testkit.TestKafka;
import io.carillon.testkit.TopicReader;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.events.ClaimBatch;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.Trigger;
import io.carillon.topics.events.WorkerHeartbeat;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Graceful close: runs in flight finish within the grace or are killed; then a heartbeat tombstone. */
class CarillonWorkerCloseIT {

    private static final Duration DEADLINE = Duration.ofSeconds(20);
    private static final String APP = "closing";

    private static TopicCatalog catalog;
    private final CountDownLatch gate = new CountDownLatch(1);

    @BeforeAll
    static void createTopics() {
        catalog = TestKafka.newCatalog(2);
    }

    @AfterEach
    void openGate() {
        gate.countDown();
    }

    @Test
    void closeLetsARunningRunFinishThenPublishesATombstone() {
        CarillonWorker worker = worker("closing-1", Duration.ofSeconds(15));
        Trigger trigger = trigger(APP, "finish-job", "hold", "done");
        try (TestTriggers triggers = new TestTriggers();
                TopicReader<RunResult> results = new TopicReader<>(catalog.results(), EventSerdes.RESULT);
                TopicReader<WorkerHeartbeat> workers = new TopicReader<>(catalog.workers(), EventSerdes.HEARTBEAT)) {
            worker.start();
            triggers.send(catalog.trigger(APP), trigger);
            await().atMost(DEADLINE)
                    .untilAsserted(() -> assertThat(statuses(results.values(), trigger.runId()))
                            .containsExactly(RunStatus.STARTED));

            CompletableFuture<Void> closing = CompletableFuture.runAsync(worker::close);
            gate.countDown();
            closing.join();

            assertThat(worker.isRunning()).isFalse();
            await().atMost(DEADLINE)
                    .untilAsserted(() -> assertThat(statuses(results.values(), trigger.runId()))
                            .containsExactly(RunStatus.STARTED, RunStatus.SUCCEEDED));
            await().atMost(DEADLINE)
                    .untilAsserted(() -> assertThat(lastBeatOf(workers.poll(), "closing-1"))
                            .isNotNull()
                            .extracting(ConsumerRecord::value)
                            .isNull());
        } finally {
            worker.close();
        }
    }

    @Test
    void runsThatOutliveTheGraceAreKilledAndReported() {
        CarillonWorker worker = worker("closing-2", Duration.ofMillis(200));
        Trigger trigger = trigger(APP, "outlive-job", "hold", "never");
        try (TestTriggers triggers = new TestTriggers();
                TopicReader<RunResult> results = new TopicReader<>(catalog.results(), EventSerdes.RESULT);
                TopicReader<WorkerHeartbeat> workers = new TopicReader<>(catalog.workers(), EventSerdes.HEARTBEAT)) {
            worker.start();
            triggers.send(catalog.trigger(APP), trigger);
            await().atMost(DEADLINE)
                    .untilAsserted(() -> assertThat(statuses(results.values(), trigger.runId()))
                            .containsExactly(RunStatus.STARTED));

            worker.close();

            await().atMost(DEADLINE)
                    .untilAsserted(() -> assertThat(statuses(results.values(), trigger.runId()))
                            .containsExactly(RunStatus.STARTED, RunStatus.KILLED));
            assertThat(terminal(results.values(), trigger.runId()).message())
                    .contains("closing-2", "shutdown grace of PT0.2S");
            await().atMost(DEADLINE)
                    .untilAsserted(() -> assertThat(lastBeatOf(workers.poll(), "closing-2"))
                            .isNotNull()
                            .extracting(ConsumerRecord::value)
                            .isNull());
        } finally {
            worker.close();
        }
    }

    /**
     * A run claimed while the worker had no free slot, and not started when the worker closes, is handed back: the
     * worker that takes the partition next runs it (its first attempt), and the run that was killed at the end of the
     * grace is not run again.
     */
    @Test
    void aClaimedRunNotStartedWhenTheWorkerClosesRunsOnTheNextOwner() {
        CarillonWorker first = worker("closing-3", Duration.ofMillis(200), 1);
        CarillonWorker next = worker("closing-4", Duration.ofSeconds(5), 1);
        Trigger holding = trigger(APP, "holding-job", "hold", "never");
        Trigger waiting = trigger(APP, "waiting-job", "quick", "handed back");
        try (TestTriggers triggers = new TestTriggers();
                TopicReader<RunResult> results = new TopicReader<>(catalog.results(), EventSerdes.RESULT);
                TopicReader<ClaimBatch> claims = new TopicReader<>(catalog.claims(), EventSerdes.CLAIM_BATCH)) {
            first.start();
            triggers.send(catalog.trigger(APP), 0, holding);
            await().atMost(DEADLINE)
                    .untilAsserted(() -> assertThat(statuses(results.values(), holding.runId()))
                            .containsExactly(RunStatus.STARTED));
            triggers.send(catalog.trigger(APP), 0, waiting);
            await("the second run is claimed; the one slot is taken")
                    .atMost(DEADLINE)
                    .until(() -> claims.values().stream()
                            .flatMap(batch -> batch.claims().stream())
                            .anyMatch(claim ->
                                    claim.runId().equals(waiting.runId()) && "closing-3".equals(claim.instance())));

            first.close();
            next.start();

            await().atMost(DEADLINE)
                    .untilAsserted(() -> assertThat(terminal(results.values(), waiting.runId()))
                            .isNotNull()
                            .satisfies(ended -> {
                                assertThat(ended.status()).isEqualTo(RunStatus.SUCCEEDED);
                                assertThat(ended.instance()).isEqualTo("closing-4");
                                assertThat(ended.attempt()).isEqualTo(1);
                            }));
            assertThat(statuses(results.values(), holding.runId()))
                    .as("the run killed by the first worker's close is not run again")
                    .containsExactly(RunStatus.STARTED, RunStatus.KILLED);
        } finally {
            first.close();
            next.close();
        }
    }

    private CarillonWorker worker(String instanceId, Duration grace) {
        return worker(instanceId, grace, CarillonWorker.DEFAULT_CAPACITY);
    }

    private CarillonWorker worker(String instanceId, Duration grace, int capacity) {
        return CarillonWorker.builder()
                .clock(TestTriggers.DUE_CLOCK)
                .bootstrapServers(TestKafka.bootstrapServers())
                .catalog(catalog)
                .app(APP)
                .instanceId(instanceId)
                .heartbeatInterval(Duration.ofMillis(100))
                .shutdownGrace(grace)
                .capacity(capacity)
                .handler("hold", context -> {
                    gate.await();
                    return context.params();
                })
                .handler("quick", JobContext::params)
                .build();
    }

    private static ConsumerRecord<String, WorkerHeartbeat> lastBeatOf(
            List<ConsumerRecord<String, WorkerHeartbeat>> records, String instanceId) {
        return records.stream()
                .filter(record -> instanceId.equals(record.key()))
                .reduce((first, second) -> second)
                .orElse(null);
    }
}
