package io.carillon.console.internal.runs;

import java.time.Clock;
import java.util.EnumSet;
import java.util.Set;
import java.util.UUID;

import org.springframework.stereotype.Component;

import io.carillon.console.internal.kafka.ConsoleProducer;
import io.carillon.console.internal.kafka.PublishException;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.events.ControlCommand;
import io.carillon.topics.events.ControlType;
import io.carillon.topics.events.JobRequest;
import io.carillon.topics.events.RequestType;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.spring.CarillonTopics;

/**
 * What a person can do about one stored run: retry it (a RETRY request on {@code requests}, which the planner
 * turns into a new attempt) or kill it (a KILL command on {@code control}, which the worker running it obeys). Both
 * check the run's stored status first so that a request that cannot succeed is refused at once with the reason;
 * the planner and the workers check again, since the stored status may lag. Thread-safe.
 */
@Component
public class RunActions {

    /** The statuses a run can be retried from; the same list the planner accepts. */
    public static final Set<RunStatus> RETRYABLE = EnumSet.of(RunStatus.FAILED, RunStatus.TIMED_OUT, RunStatus.LOST,
            RunStatus.NO_WORKER, RunStatus.KILLED);

    /** {@code requestedBy} of console requests and commands until users exist. */
    static final String REQUESTED_BY = "console";

    private final RunRepository runs;
    private final ConsoleProducer producer;
    private final CarillonTopics topics;
    private final Clock clock;

    public RunActions(RunRepository runs, ConsoleProducer producer, CarillonTopics topics, Clock clock) {
        this.runs = runs;
        this.producer = producer;
        this.topics = topics;
        this.clock = clock;
    }

    /**
     * Asks the planner for one more attempt of the run {@code runId}, with {@code params} (null: the run's own).
     *
     * @return the request id
     * @throws RunNotFoundException when the run is not stored
     * @throws RunStateConflictException when the run did not end in a retryable status
     * @throws PublishException when Kafka did not take the request
     */
    public String retry(String runId, String params) {
        RunView run = find(runId);
        RunStatus status = RunStatus.valueOf(run.status());
        if (!RETRYABLE.contains(status)) {
            throw new RunStateConflictException("run '" + runId + "' is " + status + "; only a run that ended "
                    + RETRYABLE + " can be retried");
        }
        String requestId = UUID.randomUUID().toString();
        JobRequest request = new JobRequest(JobRequest.SCHEMA_VERSION, requestId, run.jobId(), RequestType.RETRY,
                null, null, null, params, runId, REQUESTED_BY, clock.instant());
        String topic = topics.catalog().requests();
        producer.sendAndWait(topic, run.jobId(), EventSerdes.REQUEST.serialize(topic, request));
        return requestId;
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
        RunStatus status = RunStatus.valueOf(run.status());
        if (status.isTerminal()) {
            throw new RunStateConflictException("run '" + runId + "' already ended " + status
                    + "; there is nothing to kill");
        }
        String commandId = UUID.randomUUID().toString();
        ControlCommand command = new ControlCommand(ControlCommand.SCHEMA_VERSION, commandId, ControlType.KILL, runId,
                run.jobId(), run.app(), run.instance(), REQUESTED_BY, clock.instant());
        String topic = topics.catalog().control();
        producer.sendAndWait(topic, runId, EventSerdes.CONTROL.serialize(topic, command));
        return commandId;
    }

    private RunView find(String runId) {
        return runs.findByRunId(runId).orElseThrow(() -> new RunNotFoundException(runId));
    }
}
