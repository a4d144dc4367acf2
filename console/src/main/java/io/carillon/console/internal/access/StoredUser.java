package io.carillon.console.internal.access;

import java.time.Instant;

/** A row of {@code users} with its grants. {@code passwordHash} never leaves the access package. */
record StoredUser(String name, String passwordHash, UserSource source, boolean enabled, int failedLogins,
        Instant lockedUntil, Grants grants, Instant createdAt, Instant updatedAt) {

    boolean lockedAt(Instant now) {
        return lockedUntil != null && lockedUntil.isAfter(now);
    }
}
