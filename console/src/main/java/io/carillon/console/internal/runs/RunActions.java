package io.carillon.console.internal.runs;

import io.carillon.console.internal.audit.AuditAction;
import io.carillon.console.internal.audit.AuditLog;
import io.carillon.console.internal.audit.AuditOutcome;
import io.carillon.console.internal.kafka.ConsoleProducer;
import io.carillon.console.internal.kafka.PublishException;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.Json;
import io.carillon.topics.events.ControlCommand;
import io.carillon.topics.events.ControlType;
import io.carillon.topics.events.FireIds;
import io.carillon.topics.events.JobRequest;
import io.carillon.topics.events.RequestType;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.spring.CarillonTopics;
import java.time.Clock;
import java.util.EnumSet;
import java.util.Set;
import java.util.UUID;
import org.springframework.stereotype.Component;

/**
 * What a person can do about one stored run: retry it (a RETRY request on {@code requests}, which the planner
 * turns into a new attempt) or kill it (a KILL command on {@code control}, which the worker running it obeys). Both
 * check the run's stored status first so that a request that cannot succeed is refused at once with the reason;
 * the planner and the workers check again, since the stored status may lag. Both need a caller who may operate the
 * run's app, and are audited once Kafka has taken them. Thread-safe.
 */
@Component
class RunActions {

    /** The statuses a run can be retried from; the same list the planner accepts. */
    public static final Set<RunStatus> RETRYABLE =
            EnumSet.of(RunStatus.FAILED, RunStatus.TIMED_OUT, RunStatus.LOST, RunStatus.NO_WORKER, RunStatus.KILLED);

    static final String TARGET_TYPE = "RUN";

    private final RunRepository runs;
    private final ConsoleProducer producer;
    private final CarillonTopics topics;
    private final RunAccess access;
    private final AuditLog audit;
    private final Clock clock;

    public RunActions(
            RunRepository runs,
            ConsoleProducer producer,
            CarillonTopics topics,
            RunAccess access,
            AuditLog audit,
            Clock clock) {
        this.runs = runs;
        this.access = access;
        this.audit = audit;
        this.producer = producer;
        this.topics = topics;
        this.clock = clock;
    }

    /**
     * Asks the planner for one more attempt of the run {@code runId}, with {@code params} (null: the run's own). The
     * attempt is a fire of its own whose id is the request id, so its run id is known at once.
     *
     * @return the request id and the run id of the new attempt
     * @throws RunNotFoundException when the run is not stored
     * @throws RunStateConflictException when the run did not end in a retryable status
     * @throws PublishException when Kafka did not take the request
     */
    public RetryRequested retry(String runId, String params) {
        RunView run = find(runId);
        String app = access.requireOperate(run);
        RunStatus status = RunStatus.valueOf(run.status());
        if (!RETRYABLE.contains(status)) {
            throw new RunStateConflictException(
                    "run '" + runId + "' is " + status + "; only a run that ended " + RETRYABLE + " can be retried");
        }
        String requestId = UUID.randomUUID().toString();
        JobRequest request = new JobRequest(
                JobRequest.SCHEMA_VERSION,
                requestId,
                run.jobId(),
                RequestType.RETRY,
                null,
                null,
                null,
                params,
                runId,
                access.actor(),
                clock.instant());
        String topic = topics.catalog().requests();
        producer.sendAndWait(topic, run.jobId(), EventSerdes.REQUEST.serialize(topic, request));
        audit.record(
                AuditAction.RUN_RETRY, TARGET_TYPE, runId, app, null, json("requestId", requestId), AuditOutcome.OK);
        return new RetryRequested(requestId, FireIds.runId(requestId, run.shardIndex()));
    }

    /**
     * Asks the workers of the run's app to kill the run {@code runId}; the run then ends KILLED.
     *
     * @return the command id
     * @throws RunNotFoundException when the run is not stored
     * @throws RunStateConflictException when the run already ended
     * @throws PublishException when Kafka did not take the command
     */
    public String kill(String runId) {
        RunView run = find(runId);
        String app = access.requireOperate(run);
        RunStatus status = RunStatus.valueOf(run.status());
        if (status.isTerminal()) {
            throw new RunStateConflictException(
                    "run '" + runId + "' already ended " + status + "; there is nothing to kill");
        }
        String commandId = UUID.randomUUID().toString();
        ControlCommand command = new ControlCommand(
                ControlCommand.SCHEMA_VERSION,
                commandId,
                ControlType.KILL,
                runId,
                run.jobId(),
                run.app(),
                run.instance(),
                access.actor(),
                clock.instant());
        String topic = topics.catalog().control();
        producer.sendAndWait(topic, runId, EventSerdes.CONTROL.serialize(topic, command));
        audit.record(
                AuditAction.RUN_KILL, TARGET_TYPE, runId, app, null, json("commandId", commandId), AuditOutcome.OK);
        return commandId;
    }

    /** A retry Kafka has taken: its request id and the run id its attempt gets. */
    public record RetryRequested(String requestId, String runId) {}

    private static String json(String field, String value) {
        return Json.mapper().writeValueAsString(java.util.Map.of(field, value));
    }

    private RunView find(String runId) {
        return runs.findByRunId(runId).orElseThrow(() -> new RunNotFoundException(runId));
    }
}
