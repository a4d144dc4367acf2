package io.carillon.console.internal.audit;

import java.time.Instant;

/**
 * One line of the audit log. {@code before} and {@code after} are JSON texts of the target's state (null when it
 * did not exist); {@code targetApp} is the app a job or run belongs to, null for users, tokens and logins.
 */
record AuditEntry(
        long id,
        Instant at,
        String actor,
        String sourceAddress,
        AuditAction action,
        String targetType,
        String target,
        String targetApp,
        String before,
        String after,
        AuditOutcome outcome) {}
