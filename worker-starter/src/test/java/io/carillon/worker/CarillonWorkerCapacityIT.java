package io.carillon.worker;

import static io.carillon.worker.TestTriggers.terminal;
import static io.carillon.worker.TestTriggers.trigger;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.carillon.testkit.TestKafka;
import io.carillon.testkit.TopicReader;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.Trigger;
import io.carillon.topics.events.WorkerHeartbeat;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** A burst beyond capacity waits (partitions paused) and then runs in full: nothing is dropped. */
class CarillonWorkerCapacityIT {

    private static final Duration DEADLINE = Duration.ofSeconds(20);
    private static final String APP = "bursty";
    private static final int CAPACITY = 2;
    private static final int BURST = 12;

    private final AtomicInteger active = new AtomicInteger();
    private final AtomicInteger mostActive = new AtomicInteger();
    private final CountDownLatch gate = new CountDownLatch(1);

    @Test
    void aBurstBeyondCapacityRunsEveryTriggerNoMoreThanCapacityAtOnce() {
        TopicCatalog catalog = TestKafka.newCatalog(2);
        try (CarillonWorker worker = CarillonWorker.builder()
                        .clock(TestTriggers.DUE_CLOCK)
                        .bootstrapServers(TestKafka.bootstrapServers())
                        .catalog(catalog)
                        .app(APP)
                        .instanceId("bursty-1")
                        .capacity(CAPACITY)
                        .heartbeatInterval(Duration.ofMillis(100))
                        .handler("hold", this::holdUntilGateOpens)
                        .build();
                TestTriggers triggers = new TestTriggers();
                TopicReader<RunResult> results = new TopicReader<>(catalog.results(), EventSerdes.RESULT);
                TopicReader<WorkerHeartbeat> workers = new TopicReader<>(catalog.workers(), EventSerdes.HEARTBEAT)) {
            worker.start();
            List<Trigger> burst = IntStream.range(0, BURST)
                    .mapToObj(i -> trigger(APP, "burst-" + i, "hold", Integer.toString(i)))
                    .toList();
            burst.forEach(trigger -> triggers.send(catalog.trigger(APP), trigger));

            await().atMost(DEADLINE).until(() -> active.get() == CAPACITY);
            await().atMost(DEADLINE)
                    .untilAsserted(() -> assertThat(workers.values())
                            .anySatisfy(beat -> assertThat(beat.running()).isEqualTo(CAPACITY)));
            assertThat(terminal(results.values(), burst.get(0).runId())).isNull();
            gate.countDown();

            await().atMost(DEADLINE)
                    .untilAsserted(() -> assertThat(burst)
                            .allSatisfy(trigger -> assertThat(terminal(results.values(), trigger.runId()))
                                    .extracting(RunResult::status)
                                    .isEqualTo(RunStatus.SUCCEEDED)));
            assertThat(mostActive.get()).isEqualTo(CAPACITY);
        } finally {
            gate.countDown();
        }
    }

    private Object holdUntilGateOpens(JobContext context) throws InterruptedException {
        mostActive.accumulateAndGet(active.incrementAndGet(), Math::max);
        try {
            gate.await();
            return context.params();
        } finally {
            active.decrementAndGet();
        }
    }
}
