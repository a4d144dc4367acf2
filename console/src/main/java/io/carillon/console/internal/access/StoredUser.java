package io.carillon.console.internal.access;

import java.time.Instant;

/**
 * A row of {@code users} with its grants. {@code passwordHash} never leaves the access package; {@code lockedAt} and
 * {@code lockedBy} are set while an ADMIN holds the account locked.
 */
record StoredUser(
        String name,
        String passwordHash,
        UserSource source,
        boolean enabled,
        Instant lockedAt,
        String lockedBy,
        Grants grants,
        Instant createdAt,
        Instant updatedAt) {

    boolean locked() {
        return lockedAt != null;
    }
}
