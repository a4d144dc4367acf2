package io.carillon.console.internal.access;

import java.time.Instant;
import java.util.List;

/** A user as the REST API shows it: never the password hash. {@code lockedAt} is null unless an ADMIN locked it. */
record UserView(
        String name,
        UserSource source,
        boolean enabled,
        Instant lockedAt,
        String lockedBy,
        List<Grant> grants,
        Instant createdAt,
        Instant updatedAt) {

    static UserView of(StoredUser user) {
        return new UserView(
                user.name(),
                user.source(),
                user.enabled(),
                user.lockedAt(),
                user.lockedBy(),
                user.grants().all(),
                user.createdAt(),
                user.updatedAt());
    }
}
