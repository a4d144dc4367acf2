package io.carillon.console.internal.access;

/** What a grant lets its holder do: everything, change and run an app's jobs, or read them. */
public enum Role {
    /** Everything, in every app: users, tokens, settings and the audit log included. */
    ADMIN,
    /** Create, change, run, pause, backfill, retry, kill and delete the jobs of an app, and read them. */
    OPERATOR,
    /** Read an app's jobs, runs, logs, workers and stats. */
    VIEWER
}
