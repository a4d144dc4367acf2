package io.carillon.bench.internal;

/** How the harness creates its jobs. */
public enum JobRoute {
    /** {@code POST /api/v1/jobs} on the console: database, outbox, relay, jobs topic (what a user does). */
    REST,
    /** JobDefinitions produced straight to the jobs topic (what an import or a GitOps pipeline would do). */
    KAFKA
}
