package io.carillon.topics.internal;

import io.carillon.topics.events.MisfirePolicy;
import io.carillon.topics.events.MisfireStrategy;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.core.SerializableString;
import tools.jackson.core.io.SerializedString;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueSerializer;

/** {@link MisfirePolicy} as JSON, written and read without databind's bean machinery. */
final class MisfirePolicyJson {

    private static final SerializableString STRATEGY = new SerializedString("strategy");
    private static final SerializableString THRESHOLD_MS = new SerializedString("thresholdMs");
    private static final SerializableString MAX_CATCH_UP = new SerializedString("maxCatchUp");
    private static final SerializableString MAX_LATE_MS = new SerializedString("maxLateMs");
    private static final MisfireStrategy[] STRATEGIES = MisfireStrategy.values();

    private MisfirePolicyJson() {}

    static void write(MisfirePolicy policy, JsonGenerator generator) throws JacksonException {
        generator.writeStartObject(policy);
        NonNullProperties.enumName(generator, STRATEGY, policy.strategy());
        NonNullProperties.longValue(generator, THRESHOLD_MS, policy.thresholdMs());
        NonNullProperties.intValue(generator, MAX_CATCH_UP, policy.maxCatchUp());
        if (policy.maxLateMs() != MisfirePolicy.NO_LATE_LIMIT) {
            NonNullProperties.longValue(generator, MAX_LATE_MS, policy.maxLateMs());
        }
        generator.writeEndObject();
    }

    static final class Writer extends ValueSerializer<MisfirePolicy> {
        @Override
        public void serialize(MisfirePolicy value, JsonGenerator generator, SerializationContext context)
                throws JacksonException {
            write(value, generator);
        }
    }

    static final class Fields implements RecordFields<MisfirePolicy> {
        private MisfireStrategy strategy;
        private long thresholdMs;
        private int maxCatchUp;
        private long maxLateMs;

        @Override
        public boolean read(String name, JsonParser parser, DeserializationContext context) throws JacksonException {
            switch (name) {
                case "strategy" -> strategy = FieldValues.enumValue(parser, context, MisfireStrategy.class, STRATEGIES);
                case "thresholdMs" -> thresholdMs = FieldValues.longValue(parser, context);
                case "maxCatchUp" -> maxCatchUp = FieldValues.intValue(parser, context);
                case "maxLateMs" -> maxLateMs = FieldValues.longValue(parser, context);
                default -> {
                    return false;
                }
            }
            return true;
        }

        @Override
        public MisfirePolicy build() {
            return new MisfirePolicy(strategy, thresholdMs, maxCatchUp, maxLateMs);
        }
    }
}
