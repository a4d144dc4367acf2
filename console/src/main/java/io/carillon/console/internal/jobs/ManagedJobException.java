package io.carillon.console.internal.jobs;

import io.carillon.console.internal.web.ConflictException;

/** A change the management of a job does not allow: editing a job an app declares, detaching one no app declares. */
class ManagedJobException extends ConflictException {

    private ManagedJobException(String message) {
        super(message);
    }

    static ManagedJobException managed(String id, ManagedBy managedBy) {
        return new ManagedJobException("job '" + id + "' is managed by app '" + managedBy.app() + "' (version "
                + managedBy.version() + "), which declares it in its code or configuration: change it there, or"
                + " detach it (POST /api/v1/jobs/" + id + "/detach) to manage it in the console; run, pause,"
                + " resume, backfill, kill, enable and disable stay allowed");
    }

    static ManagedJobException notManaged(String id) {
        return new ManagedJobException("job '" + id + "' is not managed by an app; there is nothing to detach");
    }
}
