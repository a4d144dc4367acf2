package io.carillon.console.internal.audit;

/** How an audited action ended. */
public enum AuditOutcome {
    /** It took effect. */
    OK,
    /** It was attempted and failed (a wrong password, Kafka unavailable). */
    FAILED,
    /** It was refused because the account is locked or the address is throttled. */
    REFUSED
}
