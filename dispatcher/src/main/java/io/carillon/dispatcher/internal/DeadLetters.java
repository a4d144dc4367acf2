package io.carillon.dispatcher.internal;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;

import io.carillon.topics.TopicCatalog;
import io.carillon.topics.events.DeadLetter;

/** Builds the dlq records of the dispatcher. Stateless. */
public final class DeadLetters {

    public static final String COMPONENT = "dispatcher";

    private final TopicCatalog catalog;

    public DeadLetters(TopicCatalog catalog) {
        this.catalog = catalog;
    }

    /** The dlq record for {@code record}, which could not be processed because of {@code reason}. */
    public ProducerRecord<String, Object> of(ConsumerRecord<String, byte[]> record, String reason, Instant now) {
        DeadLetter letter = new DeadLetter(DeadLetter.SCHEMA_VERSION, record.topic(), record.partition(),
                record.offset(), record.key(), text(record.value()), reason, COMPONENT, now);
        return new ProducerRecord<>(catalog.dlq(), record.key(), letter);
    }

    private static String text(byte[] value) {
        if (value == null) {
            return null;
        }
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(value))
                    .toString();
        } catch (CharacterCodingException e) {
            return Base64.getEncoder().encodeToString(value);
        }
    }
}
