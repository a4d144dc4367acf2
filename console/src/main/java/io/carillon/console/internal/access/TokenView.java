package io.carillon.console.internal.access;

import java.time.Instant;
import java.util.List;

/** An API token as the REST API shows it: never its secret. */
record TokenView(
        String id,
        String user,
        String name,
        List<Grant> grants,
        Instant expiresAt,
        Instant createdAt,
        Instant lastUsedAt,
        Instant revokedAt) {

    static TokenView of(StoredToken token) {
        return new TokenView(
                token.id(),
                token.userName(),
                token.name(),
                token.grants().all(),
                token.expiresAt(),
                token.createdAt(),
                token.lastUsedAt(),
                token.revokedAt());
    }
}
