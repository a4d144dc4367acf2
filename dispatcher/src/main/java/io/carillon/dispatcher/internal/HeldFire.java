package io.carillon.dispatcher.internal;

import java.time.Instant;

import org.apache.kafka.common.TopicPartition;

import io.carillon.topics.events.FireEvent;

/**
 * A fire waiting to be dispatched at {@code releaseAt} (its {@code dueAt} less the dispatcher's trigger lead), with the
 * place on the {@code fires} topic it was read from.
 */
public record HeldFire(TopicPartition partition, long offset, FireEvent fire, Instant releaseAt) {

    /** A fire released at its due instant (no trigger lead). */
    public HeldFire(TopicPartition partition, long offset, FireEvent fire) {
        this(partition, offset, fire, fire.dueAt());
    }

    public String fireId() {
        return fire.fireId();
    }

    public Instant dueAt() {
        return fire.dueAt();
    }
}
