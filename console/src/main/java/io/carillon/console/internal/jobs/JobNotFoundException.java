package io.carillon.console.internal.jobs;

import io.carillon.console.internal.web.NotFoundException;

/** No job has the id asked for (answered with 404). */
public final class JobNotFoundException extends NotFoundException {

    public JobNotFoundException(String jobId) {
        super("job '" + jobId + "' does not exist");
    }
}
