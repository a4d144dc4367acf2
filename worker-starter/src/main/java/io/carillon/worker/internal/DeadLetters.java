package io.carillon.worker.internal;

import io.carillon.topics.events.DeadLetter;
import java.time.Instant;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/** Turns a record the worker cannot process into a dead letter of component {@value #COMPONENT}. */
final class DeadLetters {

    static final String COMPONENT = "worker";

    private DeadLetters() {}

    static DeadLetter of(ConsumerRecord<byte[], byte[]> record, String reason, Instant at) {
        return DeadLetter.of(
                record.topic(),
                record.partition(),
                record.offset(),
                DeadLetter.text(record.key()),
                record.value(),
                reason,
                COMPONENT,
                at);
    }
}
