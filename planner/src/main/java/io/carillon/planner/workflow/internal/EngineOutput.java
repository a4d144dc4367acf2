package io.carillon.planner.workflow.internal;

import io.carillon.topics.events.ControlCommand;
import io.carillon.topics.events.DeadLetter;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.JobRequest;
import io.carillon.topics.events.WorkflowEvent;
import java.time.Clock;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;

/**
 * Writes the engine's output, all in the task's transaction: node jobs and their tombstones to {@code jobs} and node
 * requests to {@code requests} (key: job id), events to {@code workflow.events} (key: workflow id), kill commands
 * to {@code control} (key: run id), dead letters to {@code dlq}. Used by one stream task's thread only.
 */
final class EngineOutput {

    private final ProcessorContext<String, Object> context;
    private final Clock clock;

    EngineOutput(ProcessorContext<String, Object> context, Clock clock) {
        this.context = context;
        this.clock = clock;
    }

    void job(JobDefinition job) {
        forward(job.id(), job, WorkflowNames.JOBS_SINK);
    }

    void deleteJob(String jobId) {
        forward(jobId, null, WorkflowNames.JOBS_SINK);
    }

    void request(JobRequest request) {
        forward(request.jobId(), request, WorkflowNames.REQUESTS_SINK);
    }

    void event(WorkflowEvent event) {
        forward(event.workflowId(), event, WorkflowNames.EVENTS_SINK);
    }

    void kill(ControlCommand command) {
        forward(command.runId(), command, WorkflowNames.CONTROL_SINK);
    }

    void deadLetter(String key, DeadLetter letter) {
        forward(key, letter, WorkflowNames.DLQ_SINK);
    }

    private void forward(String key, Object value, String sink) {
        context.forward(new Record<>(key, value, clock.millis()), sink);
    }
}
