package io.carillon.worker.internal;

import io.carillon.topics.EventSerdes;
import io.carillon.topics.InvalidEventException;
import io.carillon.topics.events.DeadLetter;
import io.carillon.topics.events.Trigger;
import java.time.Instant;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/** Reads trigger records, and turns the ones that are not valid triggers into dead letters. */
final class TriggerRecords {

    static final String COMPONENT = DeadLetters.COMPONENT;

    private TriggerRecords() {}

    /**
     * The trigger in {@code record}.
     *
     * @throws InvalidEventException naming the field at fault when the record is no valid trigger
     */
    static Trigger parse(ConsumerRecord<byte[], byte[]> record) {
        if (record.value() == null) {
            throw new InvalidEventException("the record has no value; a trigger was expected");
        }
        Trigger trigger = EventSerdes.TRIGGER.deserialize(record.topic(), record.value());
        requirePresent("runId", trigger.runId());
        requirePresent("jobId", trigger.jobId());
        requirePresent("handler", trigger.handler());
        return trigger;
    }

    static DeadLetter deadLetter(ConsumerRecord<byte[], byte[]> record, String reason, Instant at) {
        return DeadLetters.of(record, reason, at);
    }

    private static void requirePresent(String field, String value) {
        if (value == null || value.isBlank()) {
            throw new InvalidEventException("not a valid Trigger: field '" + field + "' is missing");
        }
    }
}
