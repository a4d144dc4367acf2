package io.carillon.worker.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.carillon.topics.EventSerdes;
import io.carillon.topics.InvalidEventException;
import io.carillon.topics.events.DeadLetter;
import io.carillon.topics.events.Trigger;
import io.carillon.topics.events.TriggerBatch;
import io.carillon.worker.TestTriggers;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

class TriggerRecordsTest {

    private static final Instant AT = Instant.parse("2030-01-01T00:00:00Z");

    private static ConsumerRecord<byte[], byte[]> record(byte[] key, byte[] value) {
        return new ConsumerRecord<>("carillon.trigger.billing", 3, 42, key, value);
    }

    @Test
    void readsAValidTrigger() {
        Trigger trigger = TestTriggers.trigger("billing", "job", "echo", "x");
        assertThat(TriggerRecords.parse(record(null, EventSerdes.TRIGGER.serialize(null, trigger))))
                .containsExactly(trigger);
    }

    @Test
    void readsABatchAndNamesTheRunAtFault() {
        Trigger first = TestTriggers.trigger("billing", "job", "echo", "x");
        Trigger second = TestTriggers.trigger("billing", "other", "echo", "y");
        assertThat(TriggerRecords.parse(record(
                        null, EventSerdes.TRIGGER_BATCH.serialize(null, new TriggerBatch(List.of(first, second))))))
                .containsExactly(first, second);

        Trigger noHandler =
                new Trigger(0, "r", "f", "job", "billing", null, null, null, 1, AT, AT, 0, 1, null, 0, null, null);
        assertThatThrownBy(() -> TriggerRecords.parse(record(
                        null, EventSerdes.TRIGGER_BATCH.serialize(null, new TriggerBatch(List.of(first, noHandler))))))
                .isInstanceOf(InvalidEventException.class)
                .hasMessageContaining("run 1 of the batch")
                .hasMessageContaining("field 'handler' is missing");
    }

    @Test
    void namesTheMissingField() {
        Trigger noRunId =
                new Trigger(0, null, "f", "job", "billing", "echo", null, null, 1, AT, AT, 0, 1, null, 0, null, null);
        assertThatThrownBy(() -> TriggerRecords.parse(record(null, EventSerdes.TRIGGER.serialize(null, noRunId))))
                .isInstanceOf(InvalidEventException.class)
                .hasMessageContaining("field 'runId' is missing");
    }

    @Test
    void aRecordWithoutValueIsNoTrigger() {
        assertThatThrownBy(() -> TriggerRecords.parse(record(null, null)))
                .isInstanceOf(InvalidEventException.class)
                .hasMessageContaining("no value");
    }

    @Test
    void deadLetterKeepsTextAndEncodesOtherBytesAsBase64() {
        byte[] notUtf8 = {(byte) 0xC3, (byte) 0x28};
        DeadLetter letter = TriggerRecords.deadLetter(record("k".getBytes(StandardCharsets.UTF_8), notUtf8), "bad", AT);
        assertThat(letter.key()).isEqualTo("k");
        assertThat(letter.value()).isEqualTo("wyg=");
        assertThat(letter)
                .extracting(
                        DeadLetter::sourceTopic,
                        DeadLetter::partition,
                        DeadLetter::offset,
                        DeadLetter::reason,
                        DeadLetter::component,
                        DeadLetter::at)
                .containsExactly("carillon.trigger.billing", 3, 42L, "bad", "worker", AT);
    }
}
