package io.carillon.dispatcher.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.Trigger;
import io.carillon.topics.events.TriggerBatch;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;

class TriggerBatchesTest {

    private static final Instant DUE = Instant.parse("2026-03-01T12:00:00Z");
    private static final String TOPIC = "carillon.trigger.demo";

    @Test
    void aBatchHoldsAtMostItsCountOfRuns() {
        List<ProducerRecord<String, Object>> records = new ArrayList<>();
        for (int i = 0; i < TriggerBatch.MAX_TRIGGERS + 44; i++) {
            records.add(record("r" + i, 0, DUE, null));
        }

        List<ProducerRecord<String, Object>> packed = TriggerBatches.pack(records);

        assertThat(packed).hasSize(2);
        assertThat(((TriggerBatch) packed.get(0).value()).triggers()).hasSize(TriggerBatch.MAX_TRIGGERS);
        assertThat(((TriggerBatch) packed.get(1).value()).triggers()).hasSize(44);
        assertThat(packed).extracting(ProducerRecord::key).containsExactly("r0", "r" + TriggerBatch.MAX_TRIGGERS);
    }

    @Test
    void runsWithLargeParamsSplitTheBatchBeforeItOutgrowsARecord() {
        String large = "x".repeat((int) (TriggerBatch.MAX_CHARS / 2));
        List<ProducerRecord<String, Object>> packed = TriggerBatches.pack(
                List.of(record("a", 0, DUE, large), record("b", 0, DUE, large), record("c", 0, DUE, null)));

        assertThat(packed).hasSize(2);
        assertThat(packed.get(0).value()).isInstanceOf(Trigger.class);
        assertThat(((TriggerBatch) packed.get(1).value()).triggers())
                .extracting(Trigger::runId)
                .containsExactly("b", "c");
    }

    @Test
    void otherPartitionsAndInstantsAndRecordsStayApart() {
        ProducerRecord<String, Object> result = new ProducerRecord<>("carillon.results", "job", "a result");
        List<ProducerRecord<String, Object>> packed = TriggerBatches.pack(List.of(
                record("a", 0, DUE, null),
                record("b", 1, DUE, null),
                result,
                record("c", 0, DUE.plusMillis(1), null),
                record("d", 0, DUE, null)));

        assertThat(packed).hasSize(4);
        assertThat(packed.get(0)).isSameAs(result);
        assertThat(((TriggerBatch) packed.get(1).value()).triggers())
                .extracting(Trigger::runId)
                .containsExactly("a", "d");
        assertThat(packed.subList(2, 4)).extracting(ProducerRecord::key).containsExactly("b", "c");
    }

    private static ProducerRecord<String, Object> record(String runId, int partition, Instant dueAt, String params) {
        Trigger trigger = new Trigger(
                Trigger.SCHEMA_VERSION,
                runId,
                runId,
                "job",
                "demo",
                "echo",
                params,
                FireKind.SCHEDULED,
                1,
                dueAt,
                dueAt,
                0,
                1,
                null,
                0,
                null,
                null,
                dueAt);
        return new ProducerRecord<>(TOPIC, partition, runId, trigger);
    }
}
