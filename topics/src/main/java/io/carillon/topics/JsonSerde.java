package io.carillon.topics;

import java.util.stream.Collectors;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serializer;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.ObjectReader;

/**
 * JSON serializer, deserializer and serde of one event type. Null is a tombstone both ways. Deserializing bytes that
 * are not a valid event throws {@link InvalidEventException} naming the field at fault. Thread-safe.
 */
public final class JsonSerde<T> implements Serde<T>, Serializer<T>, Deserializer<T> {

    private final Class<T> type;
    private final ObjectReader reader;

    private JsonSerde(Class<T> type) {
        this.type = type;
        this.reader = Json.mapper().readerFor(type);
    }

    public static <T> JsonSerde<T> of(Class<T> type) {
        return new JsonSerde<>(type);
    }

    public Class<T> type() {
        return type;
    }

    @Override
    public byte[] serialize(String topic, T data) {
        return data == null ? null : Json.mapper().writeValueAsBytes(data);
    }

    @Override
    public T deserialize(String topic, byte[] data) {
        if (data == null) {
            return null;
        }
        try {
            return reader.readValue(data);
        } catch (JacksonException e) {
            throw new InvalidEventException("not a valid " + type.getSimpleName() + describe(e), e);
        }
    }

    /** Parses {@code json} as an event of this type. */
    public T parse(String json) {
        return deserialize(null, json == null ? null : json.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    /** The event as JSON text. */
    public String toJson(T data) {
        return data == null ? null : Json.mapper().writeValueAsString(data);
    }

    private static String describe(JacksonException e) {
        String field = e.getPath().stream()
                .map(ref -> ref.getPropertyName() != null ? ref.getPropertyName() : "[" + ref.getIndex() + "]")
                .collect(Collectors.joining("."));
        String reason = e.getOriginalMessage();
        int newline = reason.indexOf('\n');
        if (newline > 0) {
            reason = reason.substring(0, newline);
        }
        return (field.isEmpty() ? "" : ": field '" + field + "'") + ": " + reason;
    }

    @Override
    public void configure(java.util.Map<String, ?> configs, boolean isKey) {}

    @Override
    public void close() {}

    @Override
    public Serializer<T> serializer() {
        return this;
    }

    @Override
    public Deserializer<T> deserializer() {
        return this;
    }
}
