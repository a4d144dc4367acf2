package io.carillon.worker.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicInteger;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.consumer.OffsetCommitCallback;
import org.apache.kafka.clients.consumer.RetriableCommitFailedException;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import io.carillon.topics.EventSerdes;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.events.BlockStrategy;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.Trigger;
import io.carillon.worker.JobHandlerFunction;

/** The trigger loop's offset commits, with a mock consumer whose first asynchronous commit fails. */
class TriggerLoopTest {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2030-01-01T00:00:00Z"), ZoneOffset.UTC);
    private static final TopicCatalog CATALOG = TopicCatalog.defaults();
    private static final String TOPIC = CATALOG.trigger("unit");
    private static final TopicPartition PARTITION = new TopicPartition(TOPIC, 0);
    private static final Duration DEADLINE = Duration.ofSeconds(10);

    private final FirstCommitFails consumer = new FirstCommitFails();
    private final MockProducer<String, byte[]> producer =
            new MockProducer<>(true, null, new StringSerializer(), new ByteArraySerializer());
    private final EventPublisher publisher = new EventPublisher(producer, CATALOG);
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
    private RunExecutor runs;
    private TriggerLoop loop;
    private Thread loopThread;

    @AfterEach
    void stop() throws InterruptedException {
        if (loop != null) {
            loop.stop();
            loopThread.join(DEADLINE.toMillis());
        }
        if (runs != null) {
            runs.shutdown(Duration.ZERO);
        }
        timer.shutdownNow();
    }

    @Test
    void aFailedCommitIsSentAgainThoughThePartitionTakesNothingMore() {
        Map<String, JobHandlerFunction> handlers = Map.of("noop", context -> null);
        WorkerSettings settings = new WorkerSettings("unused:9092", CATALOG, CLOCK, "unit", "unit-1", 4,
                Duration.ofSeconds(1), Duration.ofSeconds(5), handlers, Map.of());
        RunReporter reporter = new RunReporter(publisher, "unit-1", CLOCK);
        runs = new RunExecutor(settings, reporter, publisher, timer);
        TriggerIntake intake = new TriggerIntake(runs, publisher, CLOCK, "unit-1", reporter,
                new RememberedKills(CLOCK));
        loop = new TriggerLoop(consumer, TOPIC, intake, runs, new Heartbeats(settings, publisher, runs));
        consumer.schedulePollTask(() -> {
            consumer.rebalance(List.of(PARTITION));
            consumer.updateBeginningOffsets(Map.of(PARTITION, 0L));
            consumer.addRecord(triggerRecord("only-run"));
        });
        loopThread = new Thread(loop, "trigger-loop-test");
        loopThread.start();

        await().atMost(DEADLINE).until(() -> consumer.failedCommits.get() == 1);
        await("the offset past the one trigger is committed after the failure").atMost(DEADLINE)
                .until(() -> Long.valueOf(1).equals(committedOffset()));
    }

    private Long committedOffset() {
        OffsetAndMetadata committed = consumer.committed(Set.of(PARTITION)).get(PARTITION);
        return committed == null ? null : committed.offset();
    }

    private static ConsumerRecord<byte[], byte[]> triggerRecord(String name) {
        Instant at = CLOCK.instant();
        Trigger trigger = new Trigger(Trigger.SCHEMA_VERSION, name + "#0", name, "job", "unit", "noop", null,
                FireKind.MANUAL, 1, at, at, 0, 1, BlockStrategy.PARALLEL, 0, null, null);
        return new ConsumerRecord<>(TOPIC, 0, 0, trigger.runId().getBytes(),
                EventSerdes.TRIGGER.serialize(TOPIC, trigger));
    }

    /** A mock consumer whose first asynchronous commit fails as a busy broker's would. */
    private static final class FirstCommitFails extends MockConsumer<byte[], byte[]> {

        final AtomicInteger failedCommits = new AtomicInteger();

        FirstCommitFails() {
            super("earliest");
        }

        @Override
        public synchronized void commitAsync(Map<TopicPartition, OffsetAndMetadata> offsets,
                OffsetCommitCallback callback) {
            if (failedCommits.compareAndSet(0, 1)) {
                callback.onComplete(offsets, new RetriableCommitFailedException("the broker is busy"));
                return;
            }
            super.commitAsync(offsets, callback);
        }
    }
}
