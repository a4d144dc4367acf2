package io.carillon.worker.internal;

import io.carillon.topics.EventSerdes;
import io.carillon.topics.InvalidEventException;
import io.carillon.topics.events.DeadLetter;
import io.carillon.topics.events.Trigger;
import java.time.Instant;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/** Reads trigger records (one run, or a batch of runs), and turns the ones that are not valid into dead letters. */
final class TriggerRecords {

    static final String COMPONENT = DeadLetters.COMPONENT;

    private TriggerRecords() {}

    /**
     * The runs in {@code record}: one {@link Trigger}, or the runs of a {@code TriggerBatch} in their order.
     *
     * @throws InvalidEventException naming the field at fault (and the run, in a batch) when the record holds no
     *     valid trigger
     */
    static List<Trigger> parse(ConsumerRecord<byte[], byte[]> record) {
        if (record.value() == null) {
            throw new InvalidEventException("the record has no value; a trigger was expected");
        }
        List<Trigger> triggers = EventSerdes.TRIGGERS.deserialize(record.topic(), record.value());
        if (triggers.isEmpty()) {
            throw new InvalidEventException("the record carries no trigger");
        }
        for (int index = 0; index < triggers.size(); index++) {
            String run = triggers.size() == 1 ? "" : "run " + index + " of the batch: ";
            Trigger trigger = triggers.get(index);
            requirePresent(run, "runId", trigger.runId());
            requirePresent(run, "jobId", trigger.jobId());
            requirePresent(run, "handler", trigger.handler());
        }
        return triggers;
    }

    static DeadLetter deadLetter(ConsumerRecord<byte[], byte[]> record, String reason, Instant at) {
        return DeadLetters.of(record, reason, at);
    }

    private static void requirePresent(String run, String field, String value) {
        if (value == null || value.isBlank()) {
            throw new InvalidEventException(run + "not a valid Trigger: field '" + field + "' is missing");
        }
    }
}
