package io.carillon.planner.internal;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.Base64;

import org.apache.kafka.streams.processor.api.RecordMetadata;

import io.carillon.topics.events.DeadLetter;

/** Builds the dead letter of a record the planner could not act on. */
final class DeadLetters {

    static final String COMPONENT = "planner";

    private final Clock clock;

    DeadLetters(Clock clock) {
        this.clock = clock;
    }

    DeadLetter of(RecordMetadata source, String key, byte[] value, String reason) {
        return new DeadLetter(DeadLetter.SCHEMA_VERSION, source.topic(), source.partition(), source.offset(), key,
                text(value), reason, COMPONENT, clock.instant());
    }

    /** The bytes as UTF-8 text, or as base64 when they are not valid UTF-8. */
    static String text(byte[] value) {
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
