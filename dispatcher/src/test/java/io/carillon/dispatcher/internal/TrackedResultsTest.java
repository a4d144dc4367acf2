package io.carillon.dispatcher.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.topics.EventSerdes;
import io.carillon.topics.events.FireIds;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Results are read while BUSYOVER runs are tracked, from the end as it was before their trigger was committed. */
class TrackedResultsTest {

    private static final String TOPIC = "results";
    private static final TopicPartition PARTITION = new TopicPartition(TOPIC, 0);
    private static final Instant T0 = Instant.parse("2026-03-02T10:00:00Z");
    private static final long TIMEOUT_NONE = 0;

    private final MockConsumer<String, byte[]> consumer = new MockConsumer<>("latest");
    private final RunTracker tracker = new RunTracker();
    private final TrackedResults results = new TrackedResults(consumer, TOPIC, tracker);

    @BeforeEach
    void start() {
        consumer.updatePartitions(TOPIC, List.of(new PartitionInfo(TOPIC, 0, null, null, null)));
        consumer.updateEndOffsets(Map.of(PARTITION, 3L));
        results.start();
    }

    @Test
    void readsNothingWhileNoRunIsTracked() {
        results.poll();
        results.beforeCommit();

        assertThat(results.isPaused()).isTrue();
        assertThat(consumer.paused()).containsExactly(PARTITION);
    }

    @Test
    void aTrackedRunResumesAtTheEndBeforeTheCommitAndItsResultEndsIt() {
        consumer.updateEndOffsets(Map.of(PARTITION, 7L));
        tracker.dispatched(FireIds.runId("fire-1", 0), "job", "a", T0, TIMEOUT_NONE);

        results.beforeCommit();

        assertThat(results.isPaused()).isFalse();
        assertThat(consumer.paused()).isEmpty();
        assertThat(consumer.position(PARTITION)).isEqualTo(7L);
        consumer.addRecord(result(7, "fire-1", RunStatus.STARTED));
        results.poll();
        assertThat(tracker.size()).as("a STARTED result does not end the run").isEqualTo(1);
        assertThat(results.isPaused()).isFalse();
        consumer.addRecord(result(8, "fire-1", RunStatus.SUCCEEDED));
        results.poll();

        assertThat(tracker.size()).isZero();
        assertThat(results.isPaused()).isTrue();
        assertThat(consumer.paused()).containsExactly(PARTITION);
    }

    @Test
    void readingStaysOnWhileAnotherTrackedRunIsOut() {
        tracker.dispatched(FireIds.runId("fire-1", 0), "job", "a", T0, TIMEOUT_NONE);
        tracker.dispatched(FireIds.runId("fire-2", 0), "job", "b", T0, TIMEOUT_NONE);
        results.beforeCommit();

        consumer.addRecord(result(3, "fire-1", RunStatus.FAILED));
        results.poll();

        assertThat(tracker.size()).isEqualTo(1);
        assertThat(results.isPaused()).isFalse();
    }

    private static ConsumerRecord<String, byte[]> result(long offset, String fireId, RunStatus status) {
        RunResult result = new RunResult(
                0,
                FireIds.runId(fireId, 0),
                fireId,
                "job",
                "demo",
                "echo",
                "a",
                status,
                FireKind.SCHEDULED,
                1,
                0,
                1,
                T0,
                T0,
                null,
                null,
                null,
                null,
                T0);
        return new ConsumerRecord<>(TOPIC, 0, offset, "job", EventSerdes.RESULT.serialize(TOPIC, result));
    }
}
