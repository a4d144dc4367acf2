package io.carillon.dispatcher.internal;

import io.carillon.topics.TopicCatalog;
import io.carillon.topics.events.DeadLetter;
import java.time.Instant;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;

/** Builds the dlq records of the dispatcher. Stateless. */
public final class DeadLetters {

    public static final String COMPONENT = "dispatcher";

    private final TopicCatalog catalog;

    public DeadLetters(TopicCatalog catalog) {
        this.catalog = catalog;
    }

    /** The dlq record for {@code record}, which could not be processed because of {@code reason}. */
    public ProducerRecord<String, Object> of(ConsumerRecord<String, byte[]> record, String reason, Instant now) {
        DeadLetter letter = DeadLetter.of(
                record.topic(),
                record.partition(),
                record.offset(),
                record.key(),
                record.value(),
                reason,
                COMPONENT,
                now);
        return new ProducerRecord<>(catalog.dlq(), record.key(), letter);
    }
}
