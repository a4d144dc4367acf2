package io.carillon.planner.internal;

import java.time.Clock;

import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;

import io.carillon.topics.events.DeadLetter;
import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.JobRequest;
import io.carillon.topics.events.RunResult;

/**
 * Writes the planner's output: fires and cancels to {@code fires}, the results the planner decides (SKIPPED, LOST,
 * TIMED_OUT) to {@code results}, CHILD requests to {@code requests} (all keyed by job id), dead letters to
 * {@code dlq}.
 */
final class Output {

    private final ProcessorContext<String, Object> context;
    private final Clock clock;

    Output(ProcessorContext<String, Object> context, Clock clock) {
        this.context = context;
        this.clock = clock;
    }

    void fire(FireEvent event) {
        forward(event.jobId(), event, PlannerNodes.FIRES_SINK);
    }

    void result(RunResult result) {
        forward(result.jobId(), result, PlannerNodes.RESULTS_SINK);
    }

    void request(JobRequest request) {
        forward(request.jobId(), request, PlannerNodes.REQUESTS_SINK);
    }

    void deadLetter(String key, DeadLetter letter) {
        forward(key, letter, PlannerNodes.DLQ_SINK);
    }

    private void forward(String key, Object value, String sink) {
        context.forward(new Record<>(key, value, clock.millis()), sink);
    }
}
