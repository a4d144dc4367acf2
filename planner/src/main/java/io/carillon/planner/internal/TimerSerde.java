package io.carillon.planner.internal;

import io.carillon.topics.JsonSerde;
import java.util.Map;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serializer;

/**
 * The serde of the timer store's values: {@link StoreEncoding}'s binary form, which costs a fraction of JSON on the
 * punctuator's path; the JSON values of earlier planners are still read. Stateless and thread-safe.
 */
final class TimerSerde implements Serde<Timer>, Serializer<Timer>, Deserializer<Timer> {

    private static final JsonSerde<Timer> JSON = JsonSerde.of(Timer.class);

    @Override
    public byte[] serialize(String topic, Timer timer) {
        return timer == null
                ? null
                : new StoreEncoding.Writer().writeTimer(timer).toByteArray();
    }

    @Override
    public Timer deserialize(String topic, byte[] value) {
        if (value == null) {
            return null;
        }
        return StoreEncoding.isJson(value)
                ? JSON.deserialize(topic, value)
                : new StoreEncoding.Reader(value).readTimer();
    }

    @Override
    public void configure(Map<String, ?> configs, boolean isKey) {}

    @Override
    public void close() {}

    @Override
    public Serializer<Timer> serializer() {
        return this;
    }

    @Override
    public Deserializer<Timer> deserializer() {
        return this;
    }
}
