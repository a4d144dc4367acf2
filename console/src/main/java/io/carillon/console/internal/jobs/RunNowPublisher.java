package io.carillon.console.internal.jobs;

import java.time.Clock;
import java.util.List;
import java.util.UUID;

import org.springframework.stereotype.Component;

import io.carillon.console.ConsoleProperties;
import io.carillon.console.internal.InvalidInputException;
import io.carillon.console.internal.access.Authorizer;
import io.carillon.console.internal.audit.AuditAction;
import io.carillon.console.internal.audit.AuditLog;
import io.carillon.console.internal.audit.AuditOutcome;
import io.carillon.console.internal.kafka.ConsoleProducer;
import io.carillon.console.internal.kafka.PublishException;
import io.carillon.console.internal.outbox.OutboxRelay;
import io.carillon.console.internal.outbox.OutboxRepository;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.FieldError;
import io.carillon.topics.Json;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.JobRequest;
import io.carillon.topics.spring.CarillonTopics;

/**
 * Asks the planner to run a job now: a RUN_NOW {@link JobRequest} on the {@code requests} topic, for a caller who may
 * operate the job's app, audited once Kafka has taken it. Thread-safe.
 */
@Component
public class RunNowPublisher {

    private final JobService jobs;
    private final OutboxRepository outbox;
    private final OutboxRelay relay;
    private final ConsoleProducer producer;
    private final CarillonTopics topics;
    private final Authorizer authorizer;
    private final AuditLog audit;
    private final JobLimits limits;
    private final Clock clock;

    public RunNowPublisher(JobService jobs, OutboxRepository outbox, OutboxRelay relay, ConsoleProducer producer,
            CarillonTopics topics, Authorizer authorizer, AuditLog audit, ConsoleProperties properties, Clock clock) {
        this.authorizer = authorizer;
        this.audit = audit;
        this.limits = new JobLimits(properties.getApi());
        this.jobs = jobs;
        this.outbox = outbox;
        this.relay = relay;
        this.producer = producer;
        this.topics = topics;
        this.clock = clock;
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
        if (outbox.hasUnpublished(jobId)) {
            relay.flush();
            if (outbox.hasUnpublished(jobId)) {
                throw new PublishException("job '" + jobId + "' has a change that is not yet on Kafka; try again in a"
                        + " moment", null);
            }
        }
        String requestId = UUID.randomUUID().toString();
        JobRequest request = JobRequest.runNow(requestId, jobId, params, authorizer.caller().actor(),
                clock.instant());
        String topic = topics.catalog().requests();
        producer.sendAndWait(topic, jobId, EventSerdes.REQUEST.serialize(topic, request));
        audit.record(AuditAction.JOB_RUN, JobService.TARGET_TYPE, jobId, job.app(), null,
                Json.mapper().writeValueAsString(java.util.Map.of("requestId", requestId)), AuditOutcome.OK);
        return requestId;
    }
}
