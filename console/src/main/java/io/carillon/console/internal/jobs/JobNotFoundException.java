package io.carillon.console.internal.jobs;

/** No job has the id asked for (answered with 404). */
public final class JobNotFoundException extends RuntimeException {

    public JobNotFoundException(String jobId) {
        super("job '" + jobId + "' does not exist");
    }
}
