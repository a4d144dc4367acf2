package io.carillon.console.internal.access;

import java.time.Instant;

/** A row of {@code api_tokens} with its grants; the secret itself is never stored. */
record StoredToken(
        String id,
        String userName,
        String name,
        Instant expiresAt,
        Instant createdAt,
        Instant lastUsedAt,
        Instant revokedAt,
        Grants grants) {}
