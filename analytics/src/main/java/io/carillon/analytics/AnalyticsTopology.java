package io.carillon.analytics;

import io.carillon.analytics.internal.AlertRulesUpdater;
import io.carillon.analytics.internal.AnalyticsMeters;
import io.carillon.analytics.internal.AnalyticsStores;
import io.carillon.analytics.internal.AppAnalyticsProcessor;
import io.carillon.analytics.internal.CalendarsUpdater;
import io.carillon.analytics.internal.Emitted;
import io.carillon.analytics.internal.HeartbeatRouter;
import io.carillon.analytics.internal.JobAnalyticsProcessor;
import io.carillon.analytics.internal.WorkflowAlertsProcessor;
import io.carillon.analytics.internal.WorkflowsUpdater;
import io.carillon.topics.TopicCatalog;
import java.time.Clock;
import java.util.function.Consumer;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.AutoOffsetReset;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.kstream.Produced;
import org.apache.kafka.streams.kstream.Repartitioned;

/**
 * The analytics app's Kafka Streams topology: {@code jobs} and {@code results} (co-partitioned, key job id, read as
 * raw bytes) feed the job-analytics processor, which writes each job's closed windows
 * ({@link io.carillon.topics.events.RunStats}) to {@code stats}, its failed and missed incidents
 * ({@link io.carillon.topics.events.Incident}) to {@code alerts} and unreadable results to {@code dlq}. Its closed
 * job minutes and which jobs watch their app for workers, with the heartbeats of {@code workers}, go through the
 * internal repartition topic {@code <application id>-app-repartition} (key: app) to the app-analytics processor,
 * which writes each app's closed windows to {@code stats} and its no-worker incidents to {@code alerts}. Windows
 * close and rules are checked on wall-clock punctuators, so quiet partitions close too. The alerting defaults of
 * {@code alert-rules} (key {@code *} or an app) are a global store every task reads
 * ({@link AnalyticsStores#alertRules()}), and so are the calendars of {@code calendars}
 * ({@link AnalyticsStores#calendars()}), which the missed rule reads so it does not expect an instant a calendar
 * removes. The events of {@code workflow.events} (key workflow id) feed the workflow-alerts processor, which opens
 * and resolves the WORKFLOW_FAILED and WORKFLOW_OVERRUN incidents of workflow instances, with the definitions of
 * {@code workflows} in a global store ({@link AnalyticsStores#workflows()}).
 *
 * <p>Used by {@link Analytics}; tests drive it with {@code TopologyTestDriver}.
 */
public final class AnalyticsTopology {

    static final String APP_REPARTITION = "app";

    private AnalyticsTopology() {}

    /** A new topology over {@code catalog}'s topics, reading time from {@code clock}. Called from any thread. */
    public static Topology build(TopicCatalog catalog, Clock clock, AnalyticsSettings settings) {
        return build(catalog, clock, settings, AnalyticsMeters.none());
    }

    /** A new topology as above that counts the incident steps and dead letters it writes in {@code meters}. */
    public static Topology build(
            TopicCatalog catalog, Clock clock, AnalyticsSettings settings, AnalyticsMeters meters) {
        StreamsBuilder builder = new StreamsBuilder();
        AnalyticsStores.jobStores().forEach(builder::addStateStore);
        AnalyticsStores.appStores().forEach(builder::addStateStore);
        builder.addGlobalStore(
                AnalyticsStores.alertRules(),
                catalog.alertRules(),
                Consumed.with(Serdes.String(), Serdes.ByteArray()).withName("alert-rules-source"),
                AlertRulesUpdater::new);
        builder.addGlobalStore(
                AnalyticsStores.calendars(),
                catalog.calendars(),
                Consumed.with(Serdes.String(), Serdes.ByteArray()).withName("calendars-source"),
                CalendarsUpdater::new);
        KStream<String, byte[]> jobs = builder.stream(
                catalog.jobs(),
                Consumed.with(Serdes.String(), Serdes.ByteArray())
                        .withOffsetResetPolicy(AutoOffsetReset.earliest())
                        .withName("jobs-source"));
        KStream<String, byte[]> results = builder.stream(
                catalog.results(),
                Consumed.with(Serdes.String(), Serdes.ByteArray())
                        .withOffsetResetPolicy(
                                settings.resultsFromStart() ? AutoOffsetReset.earliest() : AutoOffsetReset.latest())
                        .withName("results-source"));
        KStream<String, Emitted> perJob = jobs.merge(results, Named.as("job-inputs"))
                .process(
                        () -> new JobAnalyticsProcessor(catalog, clock, settings),
                        Named.as("job-analytics"),
                        AnalyticsStores.names(AnalyticsStores.jobStores()));
        route(perJob, catalog, "job", meters);
        KStream<String, Emitted> heartbeats = builder.stream(
                        catalog.workers(),
                        Consumed.with(Serdes.String(), Serdes.ByteArray()).withName("workers-source"))
                .process(() -> new HeartbeatRouter(clock), Named.as("heartbeats"));
        route(heartbeats, catalog, "workers", meters);
        KStream<String, Emitted> perApp = perJob.filter(
                        (app, emitted) -> emitted.isFor(Emitted.Target.TO_APP), Named.as("job-to-app"))
                .merge(
                        heartbeats.filter(
                                (app, emitted) -> emitted.isFor(Emitted.Target.TO_APP), Named.as("workers-to-app")),
                        Named.as("to-app"))
                .mapValues(Emitted::value, Named.as("to-app-bytes"))
                .repartition(Repartitioned.<String, byte[]>as(APP_REPARTITION)
                        .withKeySerde(Serdes.String())
                        .withValueSerde(Serdes.ByteArray()))
                .process(
                        () -> new AppAnalyticsProcessor(clock, settings),
                        Named.as("app-analytics"),
                        AnalyticsStores.names(AnalyticsStores.appStores()));
        route(perApp, catalog, "app", meters);
        route(workflowAlerts(builder, catalog, clock, settings), catalog, "workflow", meters);
        return builder.build();
    }

    private static KStream<String, Emitted> workflowAlerts(
            StreamsBuilder builder, TopicCatalog catalog, Clock clock, AnalyticsSettings settings) {
        builder.addGlobalStore(
                AnalyticsStores.workflows(),
                catalog.workflows(),
                Consumed.with(Serdes.String(), Serdes.ByteArray()).withName("workflows-source"),
                WorkflowsUpdater::new);
        AnalyticsStores.workflowStores().forEach(builder::addStateStore);
        return builder.stream(
                        catalog.workflowEvents(),
                        Consumed.with(Serdes.String(), Serdes.ByteArray())
                                .withOffsetResetPolicy(
                                        settings.resultsFromStart()
                                                ? AutoOffsetReset.earliest()
                                                : AutoOffsetReset.latest())
                                .withName("workflow-events-source"))
                .process(
                        () -> new WorkflowAlertsProcessor(clock, settings),
                        Named.as("workflow-alerts"),
                        AnalyticsStores.names(AnalyticsStores.workflowStores()));
    }

    private static void route(
            KStream<String, Emitted> emitted, TopicCatalog catalog, String from, AnalyticsMeters meters) {
        to(emitted, Emitted.Target.STATS, catalog.stats(), from, value -> {});
        to(emitted, Emitted.Target.ALERTS, catalog.alerts(), from, meters::incident);
        to(emitted, Emitted.Target.DLQ, catalog.dlq(), from, meters::deadLetter);
    }

    private static void to(
            KStream<String, Emitted> emitted,
            Emitted.Target target,
            String topic,
            String from,
            Consumer<byte[]> count) {
        String name = from + "-" + target.name().toLowerCase(java.util.Locale.ROOT);
        emitted.filter((key, value) -> value.isFor(target), Named.as(name + "-filter"))
                .mapValues(Emitted::value, Named.as(name + "-bytes"))
                .peek((key, value) -> count.accept(value), Named.as(name + "-count"))
                .to(topic, Produced.with(Serdes.String(), Serdes.ByteArray()).withName(name + "-sink"));
    }
}
