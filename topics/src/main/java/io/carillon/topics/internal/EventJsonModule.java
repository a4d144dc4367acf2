package io.carillon.topics.internal;

import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.MisfirePolicy;
import io.carillon.topics.events.Progress;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.Trigger;
import java.util.Map;
import java.util.function.Supplier;
import tools.jackson.databind.BeanDescription;
import tools.jackson.databind.DeserializationConfig;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.deser.ValueDeserializerModifier;
import tools.jackson.databind.module.SimpleModule;

/**
 * Writes and reads the hot events ({@link FireEvent}, {@link Trigger}, {@link RunResult}, with their nested
 * {@link MisfirePolicy} and {@link Progress}) straight on the token stream instead of through databind's bean
 * machinery, for the same JSON: the properties in the records' order, nulls left out, instants as
 * {@link InstantJsonModule} writes them; reading accepts what databind accepts (any order, unknown properties as the
 * mapper is configured, missing ones null or 0) and builds each record through its canonical constructor. Forms
 * other than the common ones go to databind's own deserializers, which also report the errors.
 */
public final class EventJsonModule extends SimpleModule {

    private static final Map<Class<?>, Supplier<? extends RecordFields<?>>> FIELDS = Map.of(
            FireEvent.class, FireEventJson.Fields::new,
            Trigger.class, TriggerJson.Fields::new,
            RunResult.class, RunResultJson.Fields::new,
            MisfirePolicy.class, MisfirePolicyJson.Fields::new,
            Progress.class, ProgressJson.Fields::new);

    public EventJsonModule() {
        super("carillon-events");
        addSerializer(FireEvent.class, new FireEventJson.Writer());
        addSerializer(Trigger.class, new TriggerJson.Writer());
        addSerializer(RunResult.class, new RunResultJson.Writer());
        addSerializer(MisfirePolicy.class, new MisfirePolicyJson.Writer());
        addSerializer(Progress.class, new ProgressJson.Writer());
        setDeserializerModifier(new Readers());
    }

    /** Wraps databind's deserializer of each record above in a {@link StreamingRecordDeserializer}. */
    private static final class Readers extends ValueDeserializerModifier {

        private static final long serialVersionUID = 1L;

        @Override
        public ValueDeserializer<?> modifyDeserializer(
                DeserializationConfig config, BeanDescription.Supplier bean, ValueDeserializer<?> deserializer) {
            return wrap(bean.getBeanClass(), deserializer);
        }

        @SuppressWarnings("unchecked")
        private static <T> ValueDeserializer<?> wrap(Class<T> type, ValueDeserializer<?> deserializer) {
            Supplier<? extends RecordFields<T>> fields = (Supplier<? extends RecordFields<T>>) FIELDS.get(type);
            return fields == null ? deserializer : new StreamingRecordDeserializer<>(deserializer, type, fields);
        }
    }
}
