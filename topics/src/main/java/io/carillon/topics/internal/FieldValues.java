package io.carillon.topics.internal;

import io.carillon.topics.events.WorkflowRef;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.DeserializationContext;

/**
 * Reads one property value, the parser on its first token. The common forms (a string for a string, an integer for a
 * number, an enum's exact name) are read here; every other form, null for a primitive included, goes to databind's
 * own deserializer of the type, so that coercions and errors are databind's.
 */
final class FieldValues {

    private FieldValues() {}

    static String string(JsonParser parser, DeserializationContext context) throws JacksonException {
        JsonToken token = parser.currentToken();
        if (token == JsonToken.VALUE_STRING) {
            return parser.getString();
        }
        return token == JsonToken.VALUE_NULL ? null : context.readValue(parser, String.class);
    }

    static int intValue(JsonParser parser, DeserializationContext context) throws JacksonException {
        return parser.hasToken(JsonToken.VALUE_NUMBER_INT)
                ? parser.getIntValue()
                : context.readValue(parser, int.class);
    }

    static long longValue(JsonParser parser, DeserializationContext context) throws JacksonException {
        return parser.hasToken(JsonToken.VALUE_NUMBER_INT)
                ? parser.getLongValue()
                : context.readValue(parser, long.class);
    }

    static Integer integer(JsonParser parser, DeserializationContext context) throws JacksonException {
        JsonToken token = parser.currentToken();
        if (token == JsonToken.VALUE_NUMBER_INT) {
            return parser.getIntValue();
        }
        return token == JsonToken.VALUE_NULL ? null : context.readValue(parser, Integer.class);
    }

    /** An instant as {@link InstantJsonModule} reads it. */
    static Instant instant(JsonParser parser, DeserializationContext context) throws JacksonException {
        return parser.hasToken(JsonToken.VALUE_NULL) ? null : InstantJsonModule.read(parser, context);
    }

    /** The constant of {@code values} named by a string, else whatever databind makes of the value. */
    static <E extends Enum<E>> E enumValue(JsonParser parser, DeserializationContext context, Class<E> type, E[] values)
            throws JacksonException {
        JsonToken token = parser.currentToken();
        if (token == JsonToken.VALUE_STRING) {
            String name = parser.getString();
            for (E value : values) {
                if (value.name().equals(name)) {
                    return value;
                }
            }
        } else if (token == JsonToken.VALUE_NULL) {
            return null;
        }
        return context.readValue(parser, type);
    }

    /** A list of strings, as databind reads a {@code List<String>} (into an ArrayList, errors naming the index). */
    static List<String> stringList(JsonParser parser, DeserializationContext context) throws JacksonException {
        JsonToken token = parser.currentToken();
        if (token == JsonToken.VALUE_NULL) {
            return null;
        }
        if (token != JsonToken.START_ARRAY) {
            return context.readValue(
                    parser, context.getTypeFactory().constructCollectionType(List.class, String.class));
        }
        List<String> list = new ArrayList<>();
        while (parser.nextToken() != JsonToken.END_ARRAY) {
            try {
                list.add(string(parser, context));
            } catch (JacksonException e) {
                throw e.prependPath(list, list.size());
            }
        }
        return list;
    }

    /** A nested record read by {@link RecordReader}, or null, or (any other form) whatever databind makes of it. */
    static <T> T record(
            JsonParser parser,
            DeserializationContext context,
            Class<T> type,
            Supplier<? extends RecordFields<T>> newFields)
            throws JacksonException {
        JsonToken token = parser.currentToken();
        if (token == JsonToken.START_OBJECT) {
            return RecordReader.read(parser, context, type, newFields);
        }
        return token == JsonToken.VALUE_NULL ? null : context.readValue(parser, type);
    }

    /** A {@link WorkflowRef} as databind reads it, or null. */
    static WorkflowRef workflowRef(JsonParser parser, DeserializationContext context) throws JacksonException {
        return parser.hasToken(JsonToken.VALUE_NULL) ? null : context.readValue(parser, WorkflowRef.class);
    }
}
