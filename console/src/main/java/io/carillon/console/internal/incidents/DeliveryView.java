package io.carillon.console.internal.incidents;

import java.time.Instant;

/**
 * One notification of one incident step to one channel: {@code PENDING} (waiting for {@code nextAttemptAt}),
 * {@code SENT}, {@code FAILED} after its last attempt, or {@code SILENCED} (an update inside the channel's silence
 * window). {@code lastError} names the latest failure.
 */
record DeliveryView(
        long id,
        String incidentId,
        String action,
        String step,
        String channel,
        String status,
        int attempts,
        Instant nextAttemptAt,
        String lastError,
        Instant createdAt,
        Instant sentAt) {}
