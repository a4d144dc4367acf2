package io.carillon.planner.internal;

import java.time.Clock;

import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;

import io.carillon.topics.events.DeadLetter;
import io.carillon.topics.events.FireEvent;

/** Writes the planner's output: fires and cancels to {@code fires} (key: job id), dead letters to {@code dlq}. */
final class Output {

    private final ProcessorContext<String, Object> context;
    private final Clock clock;

    Output(ProcessorContext<String, Object> context, Clock clock) {
        this.context = context;
        this.clock = clock;
    }

    void fire(FireEvent event) {
        context.forward(new Record<String, Object>(event.jobId(), event, clock.millis()), PlannerNodes.FIRES_SINK);
    }

    void deadLetter(String key, DeadLetter letter) {
        context.forward(new Record<String, Object>(key, letter, clock.millis()), PlannerNodes.DLQ_SINK);
    }
}
