package io.carillon.dispatcher.internal;

import io.carillon.topics.events.FireEvent;
import java.time.Instant;
import org.apache.kafka.common.TopicPartition;

/**
 * A fire waiting to be dispatched at {@code releaseAt} (its {@code dueAt} less the dispatcher's trigger lead), with the
 * place on the {@code fires} topic it was read from; {@code noWorkerSince} is when it first found no live worker to
 * take it (null while it has not tried).
 */
public record HeldFire(
        TopicPartition partition, long offset, FireEvent fire, Instant releaseAt, Instant noWorkerSince) {

    /** A fire released at {@code releaseAt} that has not yet tried to find a worker. */
    public HeldFire(TopicPartition partition, long offset, FireEvent fire, Instant releaseAt) {
        this(partition, offset, fire, releaseAt, null);
    }

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
