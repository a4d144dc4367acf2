package io.carillon.planner.internal;

import java.time.Instant;

import io.carillon.topics.events.FireKind;

/** A fire already written to {@code fires} whose instant has not come yet, so it can still be cancelled. */
public record PendingFire(String fireId, Instant scheduledAt, FireKind kind) {
}
