package io.carillon.topics;

import java.util.List;
import java.util.function.Function;
import org.apache.kafka.common.serialization.Deserializer;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;

/**
 * Reads a record that holds either one event or a batch of them (an object whose first property is {@code field}),
 * as the list of its events: one for a single event, the batch's in their order otherwise. Null is a tombstone and
 * reads as null. Bytes that are neither throw {@link InvalidEventException} naming the field at fault. Thread-safe.
 *
 * @param <E> the event type
 * @param <B> the batch type
 */
public final class BatchDeserializer<E, B> implements Deserializer<List<E>> {

    private final String field;
    private final JsonSerde<E> single;
    private final JsonSerde<B> batch;
    private final Function<B, List<E>> events;

    BatchDeserializer(String field, JsonSerde<E> single, JsonSerde<B> batch, Function<B, List<E>> events) {
        this.field = field;
        this.single = single;
        this.batch = batch;
        this.events = events;
    }

    @Override
    public List<E> deserialize(String topic, byte[] data) {
        if (data == null) {
            return null;
        }
        if (isBatch(data)) {
            return events.apply(batch.deserialize(topic, data));
        }
        E event = single.deserialize(topic, data);
        return event == null ? List.of() : List.of(event);
    }

    /** Whether {@code data} is a batch: a JSON object whose first property is the batch's list. */
    private boolean isBatch(byte[] data) {
        try (JsonParser parser = Json.mapper().createParser(data)) {
            return parser.nextToken() == JsonToken.START_OBJECT
                    && parser.nextToken() == JsonToken.PROPERTY_NAME
                    && field.equals(parser.currentName());
        } catch (JacksonException e) {
            return false;
        }
    }
}
