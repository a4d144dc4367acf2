package io.carillon.console.internal.access;

import java.time.Instant;
import java.util.List;

/** The answer to a token's creation: the only time its secret {@code token} is shown. */
record CreatedToken(String id, String name, String token, List<Grant> grants, Instant expiresAt) {}
