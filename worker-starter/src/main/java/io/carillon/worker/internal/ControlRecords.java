package io.carillon.worker.internal;

import io.carillon.topics.EventSerdes;
import io.carillon.topics.InvalidEventException;
import io.carillon.topics.events.ControlCommand;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/** Reads records of the {@code control} topic. */
final class ControlRecords {

    private ControlRecords() {}

    /**
     * The command in {@code record}.
     *
     * @throws InvalidEventException naming the field at fault when the record is no valid command
     */
    static ControlCommand parse(ConsumerRecord<byte[], byte[]> record) {
        if (record.value() == null) {
            throw new InvalidEventException("the record has no value; a ControlCommand was expected");
        }
        ControlCommand command = EventSerdes.CONTROL.deserialize(record.topic(), record.value());
        if (command.type() == null) {
            throw new InvalidEventException("not a valid ControlCommand: field 'type' is missing");
        }
        if (command.runId() == null || command.runId().isBlank()) {
            throw new InvalidEventException("not a valid ControlCommand: field 'runId' is missing");
        }
        return command;
    }
}
