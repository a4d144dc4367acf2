package io.carillon.console.internal.audit;

/** Every kind of change the audit log records. */
public enum AuditAction {
    JOB_CREATE,
    JOB_UPDATE,
    JOB_ENABLE,
    JOB_DISABLE,
    JOB_DELETE,
    JOB_IMPORT,
    JOB_RUN,
    RUN_RETRY,
    RUN_KILL,
    JOB_PAUSE,
    JOB_RESUME,
    JOB_RUN_AT,
    JOB_BACKFILL,
    JOB_DETACH,
    USER_CREATE,
    USER_UPDATE,
    USER_DELETE,
    USER_PASSWORD,
    USER_LOCK,
    USER_UNLOCK,
    TOKEN_CREATE,
    TOKEN_REVOKE,
    INCIDENT_ACK,
    CHANNEL_CREATE,
    CHANNEL_UPDATE,
    CHANNEL_DELETE,
    ALERT_RULES_UPDATE,
    LOGIN
}
