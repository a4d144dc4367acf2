package io.carillon.topics.internal;

import java.time.Instant;
import java.util.List;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.SerializableString;

/**
 * Writes one property as Carillon's mapper does: left out when null, instants through {@link IsoInstants}, enums by
 * name.
 */
final class NonNullProperties {

    private NonNullProperties() {}

    static void string(JsonGenerator generator, SerializableString name, String value) throws JacksonException {
        if (value != null) {
            generator.writeName(name);
            generator.writeString(value);
        }
    }

    static void instant(JsonGenerator generator, SerializableString name, Instant value) throws JacksonException {
        if (value != null) {
            generator.writeName(name);
            generator.writeString(IsoInstants.format(value));
        }
    }

    static void enumName(JsonGenerator generator, SerializableString name, Enum<?> value) throws JacksonException {
        if (value != null) {
            generator.writeName(name);
            generator.writeString(value.name());
        }
    }

    static void integer(JsonGenerator generator, SerializableString name, Integer value) throws JacksonException {
        if (value != null) {
            generator.writeName(name);
            generator.writeNumber(value.intValue());
        }
    }

    static void intValue(JsonGenerator generator, SerializableString name, int value) throws JacksonException {
        generator.writeName(name);
        generator.writeNumber(value);
    }

    static void longValue(JsonGenerator generator, SerializableString name, long value) throws JacksonException {
        generator.writeName(name);
        generator.writeNumber(value);
    }

    static void stringList(JsonGenerator generator, SerializableString name, List<String> value)
            throws JacksonException {
        if (value != null) {
            generator.writeName(name);
            int size = value.size();
            generator.writeStartArray(value, size);
            for (int i = 0; i < size; i++) {
                String element = value.get(i);
                if (element == null) {
                    generator.writeNull();
                } else {
                    generator.writeString(element);
                }
            }
            generator.writeEndArray();
        }
    }
}
