package io.carillon.analytics.internal;

import io.carillon.analytics.AnalyticsSettings;
import io.carillon.streams.AlignedPunctuation;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.InvalidEventException;
import io.carillon.topics.events.WorkflowEvent;
import java.time.Clock;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * The workflow part of the analytics app, over {@code workflow.events} (key workflow id): it applies each instance
 * event to the workflow rules ({@link WorkflowRules}) with the workflow's definition from the global store
 * {@value AnalyticsStores#WORKFLOWS}, and a wall-clock punctuator opens the overrun incidents due. An unreadable event,
 * or one without an instance, a status or the key as its workflow id, goes to {@code dlq}. One instance per stream
 * task, on its stream thread.
 */
public final class WorkflowAlertsProcessor implements Processor<String, byte[], String, Emitted> {

    private final Clock clock;
    private final AnalyticsSettings settings;
    private Output output;
    private KeyValueStore<String, byte[]> definitions;
    private WorkflowRules rules;

    public WorkflowAlertsProcessor(Clock clock, AnalyticsSettings settings) {
        this.clock = clock;
        this.settings = settings;
    }

    @Override
    public void init(ProcessorContext<String, Emitted> context) {
        output = new Output(context, clock);
        definitions = context.getStateStore(AnalyticsStores.WORKFLOWS);
        rules = new WorkflowRules(
                context.getStateStore(AnalyticsStores.WORKFLOW_MONITORS),
                new DueIndex(context.getStateStore(AnalyticsStores.WORKFLOW_OVERRUN_DUE)),
                output::incident);
        AlignedPunctuation.schedule(
                context, clock.instant(), settings.punctuateInterval(), timestamp -> rules.check(clock.instant()));
    }

    @Override
    public void process(Record<String, byte[]> record) {
        String workflowId = record.key();
        if (workflowId == null) {
            output.deadLetter(null, record.value(), "record without a key (the workflow id)");
            return;
        }
        WorkflowEvent event;
        try {
            event = record.value() == null ? null : EventSerdes.WORKFLOW_EVENT.deserialize(null, record.value());
        } catch (InvalidEventException e) {
            output.deadLetter(workflowId, record.value(), e.getMessage());
            return;
        }
        if (event == null
                || event.instanceId() == null
                || event.status() == null
                || !workflowId.equals(event.workflowId())) {
            output.deadLetter(
                    workflowId,
                    record.value(),
                    "not a usable workflow event: instanceId and status are required and workflowId must be the key");
            return;
        }
        rules.onEvent(event, WorkflowsUpdater.parse(workflowId, definitions.get(workflowId)), clock.instant());
    }
}
