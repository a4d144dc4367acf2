package io.carillon.planner.workflow;

import io.carillon.planner.workflow.internal.WorkflowNames;
import io.carillon.planner.workflow.internal.WorkflowProcessor;
import io.carillon.planner.workflow.internal.WorkflowStores;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.TopicCatalog;
import java.time.Clock;
import java.util.function.BooleanSupplier;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.AutoOffsetReset;
import org.apache.kafka.streams.Topology;

/**
 * The workflow engine as a sub-topology of its own: {@code workflows} and {@code workflow.commands} (co-partitioned,
 * key workflow id) feed one processor that owns the definition, state, instance, output and due stores; it writes
 * inline nodes' {@link io.carillon.topics.events.JobDefinition}s to {@code jobs}, node
 * {@link io.carillon.topics.events.JobRequest}s to {@code requests},
 * {@link io.carillon.topics.events.WorkflowEvent}s to {@code workflow.events}, kill
 * {@link io.carillon.topics.events.ControlCommand}s to {@code control} and dead letters to {@code dlq}. The planner
 * adds it to its own topology, so both run in one Kafka Streams app with exactly-once transactions; tests drive it
 * with {@code TopologyTestDriver}.
 */
public final class WorkflowTopology {

    private WorkflowTopology() {}

    /**
     * Adds the engine to {@code topology}, reading time from {@code clock}; its punctuator runs only while
     * {@code punctuationAllowed} says true. {@code calendarStore} names a global store of calendars (id → JSON) the
     * topology already has, or is null for none.
     */
    public static void addTo(
            Topology topology,
            TopicCatalog catalog,
            Clock clock,
            WorkflowSettings settings,
            BooleanSupplier punctuationAllowed,
            String calendarStore) {
        StringDeserializer keys = new StringDeserializer();
        ByteArrayDeserializer values = new ByteArrayDeserializer();
        topology.addSource(
                AutoOffsetReset.earliest(), WorkflowNames.DEFINITIONS_SOURCE, keys, values, catalog.workflows());
        topology.addSource(
                AutoOffsetReset.earliest(), WorkflowNames.COMMANDS_SOURCE, keys, values, catalog.workflowCommands());
        topology.addProcessor(
                WorkflowNames.ENGINE,
                () -> new WorkflowProcessor(catalog, clock, settings, punctuationAllowed, calendarStore),
                WorkflowNames.DEFINITIONS_SOURCE,
                WorkflowNames.COMMANDS_SOURCE);
        WorkflowStores.builders().forEach(store -> topology.addStateStore(store, WorkflowNames.ENGINE));
        StringSerializer keySerializer = new StringSerializer();
        topology.addSink(WorkflowNames.JOBS_SINK, catalog.jobs(), keySerializer, EventSerdes.JOB, WorkflowNames.ENGINE);
        topology.addSink(
                WorkflowNames.REQUESTS_SINK,
                catalog.requests(),
                keySerializer,
                EventSerdes.REQUEST,
                WorkflowNames.ENGINE);
        topology.addSink(
                WorkflowNames.EVENTS_SINK,
                catalog.workflowEvents(),
                keySerializer,
                EventSerdes.WORKFLOW_EVENT,
                WorkflowNames.ENGINE);
        topology.addSink(
                WorkflowNames.CONTROL_SINK,
                catalog.control(),
                keySerializer,
                EventSerdes.CONTROL,
                WorkflowNames.ENGINE);
        topology.addSink(
                WorkflowNames.DLQ_SINK, catalog.dlq(), keySerializer, EventSerdes.DEAD_LETTER, WorkflowNames.ENGINE);
    }
}
