package io.carillon.topics.internal;

import io.carillon.topics.events.Progress;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.core.SerializableString;
import tools.jackson.core.io.SerializedString;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueSerializer;

/** {@link Progress} as JSON, written and read without databind's bean machinery. */
final class ProgressJson {

    private static final SerializableString DONE = new SerializedString("done");
    private static final SerializableString TOTAL = new SerializedString("total");
    private static final SerializableString MESSAGE = new SerializedString("message");

    private ProgressJson() {}

    static void write(Progress progress, JsonGenerator generator) throws JacksonException {
        generator.writeStartObject(progress);
        NonNullProperties.longValue(generator, DONE, progress.done());
        NonNullProperties.longValue(generator, TOTAL, progress.total());
        NonNullProperties.string(generator, MESSAGE, progress.message());
        generator.writeEndObject();
    }

    static final class Writer extends ValueSerializer<Progress> {
        @Override
        public void serialize(Progress value, JsonGenerator generator, SerializationContext context)
                throws JacksonException {
            write(value, generator);
        }
    }

    static final class Fields implements RecordFields<Progress> {
        private long done;
        private long total;
        private String message;

        @Override
        public boolean read(String name, JsonParser parser, DeserializationContext context) throws JacksonException {
            switch (name) {
                case "done" -> done = FieldValues.longValue(parser, context);
                case "total" -> total = FieldValues.longValue(parser, context);
                case "message" -> message = FieldValues.string(parser, context);
                default -> {
                    return false;
                }
            }
            return true;
        }

        @Override
        public Progress build() {
            return new Progress(done, total, message);
        }
    }
}
