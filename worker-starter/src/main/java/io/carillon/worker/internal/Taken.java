package io.carillon.worker.internal;

import java.time.Instant;

/**
 * What became of one trigger record the loop offered: not taken (no room: it waits in the loop), dealt with at once
 * (a dead letter, a duplicate, a run killed before its trigger came, a run without a handler here, a run the
 * partition's previous owner started), or taken as the run {@code runId}, due at {@code dueAt}, which may not have
 * started yet.
 */
record Taken(boolean done, String runId, Instant dueAt) {

    static final Taken NO_ROOM = new Taken(false, null, null);
    static final Taken DEALT_WITH = new Taken(true, null, null);

    static Taken run(String runId, Instant dueAt) {
        return new Taken(true, runId, dueAt);
    }
}
