package io.carillon.topics.events;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;

/**
 * A record that could not be processed, on the {@code dlq} topic, with where it came from and why.
 * {@code key} and {@code value} are the original bytes as UTF-8 text (or base64 when not valid UTF-8).
 */
public record DeadLetter(
        int schemaVersion,
        String sourceTopic,
        int partition,
        long offset,
        String key,
        String value,
        String reason,
        String component,
        Instant at) {

    public static final int SCHEMA_VERSION = 1;

    public DeadLetter {
        schemaVersion = schemaVersion == 0 ? SCHEMA_VERSION : schemaVersion;
    }

    /** The dead letter of the record at {@code sourceTopic}/{@code partition}/{@code offset}, rejected by {@code component}. */
    public static DeadLetter of(
            String sourceTopic,
            int partition,
            long offset,
            String key,
            byte[] value,
            String reason,
            String component,
            Instant at) {
        return new DeadLetter(SCHEMA_VERSION, sourceTopic, partition, offset, key, text(value), reason, component, at);
    }

    /** The bytes as UTF-8 text, or as base64 when they are not valid UTF-8; null stays null. */
    public static String text(byte[] value) {
        if (value == null) {
            return null;
        }
        try {
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(value))
                    .toString();
        } catch (CharacterCodingException e) {
            return Base64.getEncoder().encodeToString(value);
        }
    }
}
