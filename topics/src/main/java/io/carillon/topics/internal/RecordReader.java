package io.carillon.topics.internal;

import java.util.function.Supplier;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.ValueDeserializer;

/**
 * Reads the properties of one JSON object into {@link RecordFields} as databind's property-based creator does: any
 * order, the last of a repeated property wins, unknown properties to {@link DeserializationContext#handleUnknownProperty}
 * (skipped unless the mapper fails on them), errors naming the property, and a failing constructor reported as
 * databind reports it.
 */
final class RecordReader {

    private RecordReader() {}

    /** The record of the object the parser is on (at its start, at a property name, or at its end). */
    static <T> T read(
            JsonParser parser,
            DeserializationContext context,
            Class<T> type,
            Supplier<? extends RecordFields<T>> newFields)
            throws JacksonException {
        RecordFields<T> fields = newFields.get();
        String name = parser.hasToken(JsonToken.START_OBJECT)
                ? parser.nextName()
                : parser.hasToken(JsonToken.PROPERTY_NAME) ? parser.currentName() : null;
        for (; name != null; name = parser.nextName()) {
            parser.nextToken();
            boolean known;
            try {
                known = fields.read(name, parser, context);
            } catch (JacksonException e) {
                throw e.prependPath(type, name);
            }
            if (!known) {
                skipUnknown(parser, context, type, name);
            }
        }
        try {
            return fields.build();
        } catch (RuntimeException e) {
            return type.cast(context.handleInstantiationProblem(type, null, e));
        }
    }

    private static void skipUnknown(JsonParser parser, DeserializationContext context, Class<?> type, String name)
            throws JacksonException {
        ValueDeserializer<Object> deserializer = context.findRootValueDeserializer(context.constructType(type));
        if (!context.handleUnknownProperty(parser, deserializer, type, name)) {
            parser.skipChildren();
        }
    }
}
