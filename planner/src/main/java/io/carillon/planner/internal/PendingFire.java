package io.carillon.planner.internal;

import io.carillon.topics.events.FireKind;
import java.time.Instant;

/**
 * A fire already written to {@code fires} whose time has not come yet, so it can still be cancelled.
 * {@code scheduledAt} is its nominal instant (the one its id names), {@code dueAt} the instant it is dispatched at:
 * the nominal instant plus the job's jitter offset (the same when there is no jitter).
 */
public record PendingFire(String fireId, Instant scheduledAt, FireKind kind, Instant dueAt) {

    public PendingFire {
        dueAt = dueAt == null ? scheduledAt : dueAt;
    }
}
