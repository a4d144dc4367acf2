package io.carillon.console.internal.jobs;

import io.carillon.console.internal.access.Authorizer;
import io.carillon.console.internal.audit.AuditAction;
import io.carillon.console.internal.audit.AuditLog;
import io.carillon.console.internal.audit.AuditOutcome;
import io.carillon.console.internal.kafka.PublishException;
import io.carillon.console.internal.web.InvalidInputException;
import io.carillon.topics.FieldError;
import io.carillon.topics.Json;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.JobRequest;
import java.util.List;
import org.springframework.stereotype.Component;

/**
 * Asks the planner to run a job now: a RUN_NOW {@link JobRequest} on the {@code requests} topic, for a caller who may
 * operate the job's app, audited once Kafka has taken it. Thread-safe.
 */
@Component
class RunNowPublisher {

    private final JobService jobs;
    private final JobRequests requests;
    private final Authorizer authorizer;
    private final AuditLog audit;
    private final JobLimits limits;

    RunNowPublisher(
            JobService jobs,
            JobRequests requests,
            Authorizer authorizer,
            AuditLog audit,
            JobApiProperties apiProperties) {
        this.authorizer = authorizer;
        this.audit = audit;
        this.limits = new JobLimits(apiProperties);
        this.jobs = jobs;
        this.requests = requests;
    }

    /**
     * Publishes a run-now request for job {@code jobId} with {@code params} (null: the job's own) and waits for
     * Kafka's acknowledgement. A change of the job still in the outbox is published first, so the planner knows a
     * job created a moment ago when the request reaches it.
     *
     * @return the new request id
     * @throws JobNotFoundException when there is no such job
     * @throws PublishException when Kafka did not take the request
     */
    public String runNow(String jobId, String params) {
        JobDefinition job = jobs.find(jobId).orElseThrow(() -> new JobNotFoundException(jobId));
        authorizer.requireOperate(job.app());
        FieldError paramsProblem = limits.paramsProblem(params);
        if (paramsProblem != null) {
            throw InvalidInputException.of(List.of(paramsProblem));
        }
        String requestId = requests.send(
                        jobId,
                        origin -> JobRequest.runNow(
                                origin.requestId(), jobId, params, origin.requestedBy(), origin.requestedAt()))
                .requestId();
        audit.record(
                AuditAction.JOB_RUN,
                JobService.TARGET_TYPE,
                jobId,
                job.app(),
                null,
                Json.mapper().writeValueAsString(java.util.Map.of("requestId", requestId)),
                AuditOutcome.OK);
        return requestId;
    }
}
