package io.carillon.topics.internal;

import java.util.function.Supplier;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.deser.std.DelegatingDeserializer;

/**
 * Reads a JSON object into a record through {@link RecordReader}; any other form (a string, an array...) goes to
 * databind's own bean deserializer of the record, which this one wraps, so that such input fails as before.
 */
final class StreamingRecordDeserializer<T> extends DelegatingDeserializer {

    private final Class<T> type;
    private final Supplier<? extends RecordFields<T>> newFields;

    StreamingRecordDeserializer(
            ValueDeserializer<?> databind, Class<T> type, Supplier<? extends RecordFields<T>> newFields) {
        super(databind);
        this.type = type;
        this.newFields = newFields;
    }

    @Override
    protected ValueDeserializer<?> newDelegatingInstance(ValueDeserializer<?> newDelegatee) {
        return new StreamingRecordDeserializer<>(newDelegatee, type, newFields);
    }

    @Override
    public Object deserialize(JsonParser parser, DeserializationContext context) throws JacksonException {
        JsonToken token = parser.currentToken();
        if (token == JsonToken.START_OBJECT || token == JsonToken.PROPERTY_NAME || token == JsonToken.END_OBJECT) {
            return RecordReader.read(parser, context, type, newFields);
        }
        return super.deserialize(parser, context);
    }
}
