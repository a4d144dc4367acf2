package io.carillon.console.internal.jobs;

/** A job with the id to create exists already (answered with 409). */
public final class JobAlreadyExistsException extends RuntimeException {

    public JobAlreadyExistsException(String jobId) {
        super("job '" + jobId + "' already exists: use PUT /api/v1/jobs/" + jobId + " to change it");
    }
}
