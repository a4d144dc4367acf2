package io.carillon.planner.internal;

/** A request names a job the planner does not hold (yet): it may be parked until the job arrives. */
final class UnknownJobException extends RejectedRecordException {

    private final String jobId;

    UnknownJobException(String jobId) {
        super("jobId: unknown job '" + jobId + "'");
        this.jobId = jobId;
    }

    String jobId() {
        return jobId;
    }
}
