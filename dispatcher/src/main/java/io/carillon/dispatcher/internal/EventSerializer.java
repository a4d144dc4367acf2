package io.carillon.dispatcher.internal;

import io.carillon.topics.Json;
import org.apache.kafka.common.serialization.Serializer;

/** Serializes any Carillon event with the shared JSON mapping (the same bytes as its {@code EventSerdes} serde). */
public final class EventSerializer implements Serializer<Object> {

    @Override
    public byte[] serialize(String topic, Object event) {
        return event == null ? null : Json.mapper().writeValueAsBytes(event);
    }
}
