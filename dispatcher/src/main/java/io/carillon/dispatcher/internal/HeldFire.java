package io.carillon.dispatcher.internal;

import java.time.Instant;

import org.apache.kafka.common.TopicPartition;

import io.carillon.topics.events.FireEvent;

/** A fire waiting for its instant, with the place on the {@code fires} topic it was read from. */
public record HeldFire(TopicPartition partition, long offset, FireEvent fire) {

    public String fireId() {
        return fire.fireId();
    }

    public Instant dueAt() {
        return fire.dueAt();
    }
}
