package io.carillon.planner;

import io.carillon.planner.internal.AheadOfResults;
import io.carillon.planner.internal.CheckedStoreProcessor;
import io.carillon.planner.internal.HeartbeatStoreProcessor;
import io.carillon.planner.internal.PartitionReadability;
import io.carillon.planner.internal.PlannerMeters;
import io.carillon.planner.internal.PlannerNodes;
import io.carillon.planner.internal.PlannerProcessor;
import io.carillon.planner.internal.PlannerStores;
import io.carillon.planner.internal.StartGate;
import io.carillon.planner.internal.UrgentCommits;
import io.carillon.planner.limits.LimiterTopology;
import io.carillon.planner.workflow.WorkflowSettings;
import io.carillon.planner.workflow.WorkflowTopology;
import io.carillon.topics.CalendarValidator;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.LimitValidator;
import io.carillon.topics.TopicCatalog;
import java.time.Clock;
import java.util.function.BooleanSupplier;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.AutoOffsetReset;
import org.apache.kafka.streams.Topology;

/**
 * The planner's Kafka Streams topology (Processor API): {@code jobs}, {@code requests}, {@code results} and the
 * workers' {@code claims} (co-partitioned, key job id, values read as raw bytes) feed one processor that owns the job-state, timer and
 * processed-id stores; it writes {@link io.carillon.topics.events.FireEvent}s to {@code fires}, the
 * {@link io.carillon.topics.events.RunResult}s it decides (SKIPPED) to {@code results}, CHILD
 * {@link io.carillon.topics.events.JobRequest}s to {@code requests}, the PAUSED
 * {@link io.carillon.topics.events.Incident}s of jobs it pauses after consecutive failures to {@code alerts}, the
 * NODE_ENDED {@link io.carillon.topics.events.WorkflowCommand}s of workflow nodes' runs to {@code workflow.commands} and
 * {@link io.carillon.topics.events.DeadLetter}s to {@code dlq}. The compacted {@code workers} topic feeds a global
 * store of the latest heartbeat per worker instance, which the processor reads to find lost runs; the compacted
 * {@code calendars} topic feeds a global store of calendars, which the processor reads each time it writes a
 * scheduled instant of a job whose schedule skips calendars or fires only on one; the compacted {@code limits} topic
 * feeds a global store of concurrency limits, which the limiter reads.
 *
 * <p>A task takes its records by timestamp across the four topics; jobs and requests are taken as if written an
 * hour earlier ({@link AheadOfResults}), so they never wait behind a backlog of results.
 *
 * <p>The workflow engine ({@link WorkflowTopology}) is a sub-topology of its own in the same topology, keyed by
 * workflow id; it reads the same global calendar store and punctuates at the same interval. The limiter
 * ({@link LimiterTopology}), keyed by limit name, is another: it grants the slots of concurrency limits to the fires
 * the dispatcher asks for, and the planner's processor writes the RELEASE of each ended run of a job that takes a
 * limit to {@code limit.commands}.
 *
 * <p>Used by {@link Planner}; tests drive it with {@code TopologyTestDriver}.
 */
public final class PlannerTopology {

    private PlannerTopology() {}

    /**
     * A new topology over {@code catalog}'s topics, reading time from {@code clock} both when it processes records
     * and in its wall-clock punctuator.
     */
    public static Topology build(TopicCatalog catalog, Clock clock, PlannerSettings settings) {
        return build(catalog, clock, settings, StartGate.alwaysOpen());
    }

    /**
     * A new topology whose punctuators run only while {@code punctuationAllowed} says true: {@link Planner} passes
     * a {@link StartGate} that opens when its Kafka Streams client is first RUNNING. Called from any thread;
     * {@code punctuationAllowed} is read by the stream threads.
     */
    public static Topology build(
            TopicCatalog catalog, Clock clock, PlannerSettings settings, BooleanSupplier punctuationAllowed) {
        return build(catalog, clock, settings, punctuationAllowed, PartitionReadability.ALWAYS, PlannerMeters.none());
    }

    /**
     * A new topology as above whose open-run checks give a verdict only while {@code readability} says the partitions
     * it depends on are settled ({@link Planner} probes them with an {@code Admin} client), and whose processors count
     * the fires and dead letters they write in {@code meters}.
     */
    public static Topology build(
            TopicCatalog catalog,
            Clock clock,
            PlannerSettings settings,
            BooleanSupplier punctuationAllowed,
            PartitionReadability readability,
            PlannerMeters meters) {
        StringDeserializer keys = new StringDeserializer();
        ByteArrayDeserializer values = new ByteArrayDeserializer();
        Topology topology = new Topology();
        AheadOfResults ahead = new AheadOfResults();
        UrgentCommits urgentCommits = new UrgentCommits(clock);
        topology.addSource(AutoOffsetReset.earliest(), PlannerNodes.JOBS_SOURCE, ahead, keys, values, catalog.jobs());
        topology.addSource(
                AutoOffsetReset.earliest(), PlannerNodes.REQUESTS_SOURCE, ahead, keys, values, catalog.requests());
        topology.addSource(PlannerNodes.RESULTS_SOURCE, keys, values, catalog.results());
        topology.addSource(PlannerNodes.CLAIMS_SOURCE, keys, values, catalog.claims());
        topology.addProcessor(
                PlannerNodes.PLANNER,
                () -> new PlannerProcessor(
                        catalog, clock, settings, punctuationAllowed, urgentCommits, readability, meters),
                PlannerNodes.JOBS_SOURCE,
                PlannerNodes.REQUESTS_SOURCE,
                PlannerNodes.RESULTS_SOURCE,
                PlannerNodes.CLAIMS_SOURCE);
        PlannerStores.builders().forEach(store -> topology.addStateStore(store, PlannerNodes.PLANNER));
        topology.addGlobalStore(
                PlannerStores.workers(),
                PlannerNodes.WORKERS_SOURCE,
                keys,
                values,
                catalog.workers(),
                PlannerNodes.HEARTBEATS,
                () -> new HeartbeatStoreProcessor(clock));
        topology.addGlobalStore(
                PlannerStores.calendars(),
                PlannerNodes.CALENDARS_SOURCE,
                keys,
                values,
                catalog.calendars(),
                PlannerNodes.CALENDARS,
                () -> new CheckedStoreProcessor(PlannerStores.CALENDARS, "calendar", CalendarValidator::recordProblem));
        topology.addGlobalStore(
                PlannerStores.limits(),
                PlannerNodes.LIMITS_SOURCE,
                keys,
                values,
                catalog.limits(),
                PlannerNodes.LIMITS,
                () -> new CheckedStoreProcessor(PlannerStores.LIMITS, "limit", LimitValidator::recordProblem));
        topology.addSink(
                PlannerNodes.FIRES_SINK,
                catalog.fires(),
                new StringSerializer(),
                EventSerdes.FIRE,
                PlannerNodes.PLANNER);
        topology.addSink(
                PlannerNodes.FIRE_BATCHES_SINK,
                catalog.fires(),
                new StringSerializer(),
                EventSerdes.FIRE_BATCH,
                PlannerNodes.PLANNER);
        topology.addSink(
                PlannerNodes.RESULTS_SINK,
                catalog.results(),
                new StringSerializer(),
                EventSerdes.RESULT,
                PlannerNodes.PLANNER);
        topology.addSink(
                PlannerNodes.REQUESTS_SINK,
                catalog.requests(),
                new StringSerializer(),
                EventSerdes.REQUEST,
                PlannerNodes.PLANNER);
        topology.addSink(
                PlannerNodes.ALERTS_SINK,
                catalog.alerts(),
                new StringSerializer(),
                EventSerdes.INCIDENT,
                PlannerNodes.PLANNER);
        topology.addSink(
                PlannerNodes.WORKFLOW_COMMANDS_SINK,
                catalog.workflowCommands(),
                new StringSerializer(),
                EventSerdes.WORKFLOW_COMMAND,
                PlannerNodes.PLANNER);
        topology.addSink(
                PlannerNodes.LIMIT_COMMANDS_SINK,
                catalog.limitCommands(),
                new StringSerializer(),
                EventSerdes.LIMIT_COMMAND,
                PlannerNodes.PLANNER);
        topology.addSink(
                PlannerNodes.DLQ_SINK,
                catalog.dlq(),
                new StringSerializer(),
                EventSerdes.DEAD_LETTER,
                PlannerNodes.PLANNER);
        WorkflowTopology.addTo(
                topology,
                catalog,
                clock,
                WorkflowSettings.defaults().withPunctuateInterval(settings.punctuateInterval()),
                punctuationAllowed,
                PlannerStores.CALENDARS);
        LimiterTopology.addTo(topology, catalog, clock, punctuationAllowed, PlannerStores.LIMITS);
        return topology;
    }
}
