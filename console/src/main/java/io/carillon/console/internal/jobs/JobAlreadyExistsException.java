package io.carillon.console.internal.jobs;

import io.carillon.console.internal.web.ConflictException;

/** A job with the id to create exists already (answered with 409). */
public final class JobAlreadyExistsException extends ConflictException {

    public JobAlreadyExistsException(String jobId) {
        super("job '" + jobId + "' already exists: use PUT /api/v1/jobs/" + jobId + " to change it");
    }
}
