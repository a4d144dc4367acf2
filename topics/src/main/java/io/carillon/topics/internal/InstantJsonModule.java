package io.carillon.topics.internal;

import java.time.Instant;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.ValueSerializer;
import tools.jackson.databind.ext.javatime.deser.InstantDeserializer;
import tools.jackson.databind.module.SimpleModule;

/**
 * Reads and writes {@link Instant}s through {@link IsoInstants}: the same text as Jackson's own java.time support,
 * at a fraction of the cost. Anything not in Carillon's form (an offset, a number) goes to Jackson's
 * {@link InstantDeserializer}, which also reports the errors.
 */
public final class InstantJsonModule extends SimpleModule {

    public InstantJsonModule() {
        super("carillon-instants");
        addSerializer(Instant.class, new Writer());
        addDeserializer(Instant.class, new Reader());
    }

    private static final class Writer extends ValueSerializer<Instant> {
        @Override
        public void serialize(Instant value, JsonGenerator generator, SerializationContext context)
                throws JacksonException {
            generator.writeString(IsoInstants.format(value));
        }
    }

    private static final class Reader extends ValueDeserializer<Instant> {
        @Override
        public Instant deserialize(JsonParser parser, DeserializationContext context) throws JacksonException {
            return read(parser, context);
        }
    }

    /** The instant the parser's current (non-null) value names. */
    static Instant read(JsonParser parser, DeserializationContext context) throws JacksonException {
        if (parser.hasToken(JsonToken.VALUE_STRING)) {
            Instant instant =
                    IsoInstants.parse(parser.getStringCharacters(), parser.getStringOffset(), parser.getStringLength());
            if (instant != null) {
                return instant;
            }
        }
        return InstantDeserializer.INSTANT.deserialize(parser, context);
    }
}
