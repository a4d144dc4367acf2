package io.carillon.analytics;

import java.time.Clock;

import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.AutoOffsetReset;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.kstream.Produced;
import org.apache.kafka.streams.kstream.Repartitioned;

import io.carillon.analytics.internal.AnalyticsStores;
import io.carillon.analytics.internal.AppStatsProcessor;
import io.carillon.analytics.internal.Emitted;
import io.carillon.analytics.internal.JobAnalyticsProcessor;
import io.carillon.topics.TopicCatalog;

/**
 * The analytics app's Kafka Streams topology: {@code jobs} and {@code results} (co-partitioned, key job id, read as
 * raw bytes) feed the job-analytics processor, which writes each job's closed windows
 * ({@link io.carillon.topics.events.RunStats}) to {@code stats}, incidents
 * ({@link io.carillon.topics.events.Incident}) to {@code alerts} and unreadable results to {@code dlq}; its closed
 * job minutes go through the internal repartition topic {@code <application id>-app-stats-repartition} (key: app)
 * to the app-stats processor, which writes each app's closed windows to {@code stats}. Both close their windows and
 * judge due instants on wall-clock punctuators, so quiet partitions close too.
 *
 * <p>Used by {@link Analytics}; tests drive it with {@code TopologyTestDriver}.
 */
public final class AnalyticsTopology {

    static final String APP_STATS_REPARTITION = "app-stats";

    private AnalyticsTopology() {
    }

    /** A new topology over {@code catalog}'s topics, reading time from {@code clock}. Called from any thread. */
    public static Topology build(TopicCatalog catalog, Clock clock, AnalyticsSettings settings) {
        StreamsBuilder builder = new StreamsBuilder();
        AnalyticsStores.jobStores().forEach(builder::addStateStore);
        AnalyticsStores.appStores().forEach(builder::addStateStore);
        KStream<String, byte[]> jobs = builder.stream(catalog.jobs(),
                Consumed.with(Serdes.String(), Serdes.ByteArray()).withOffsetResetPolicy(AutoOffsetReset.earliest())
                        .withName("jobs-source"));
        KStream<String, byte[]> results = builder.stream(catalog.results(),
                Consumed.with(Serdes.String(), Serdes.ByteArray())
                        .withOffsetResetPolicy(settings.resultsFromStart() ? AutoOffsetReset.earliest()
                                : AutoOffsetReset.latest())
                        .withName("results-source"));
        KStream<String, Emitted> perJob = jobs.merge(results, Named.as("job-inputs"))
                .process(() -> new JobAnalyticsProcessor(catalog, clock, settings), Named.as("job-analytics"),
                        AnalyticsStores.names(AnalyticsStores.jobStores()));
        route(perJob, catalog, "job");
        KStream<String, Emitted> perApp = perJob
                .filter((app, emitted) -> emitted.isFor(Emitted.Target.APP_STATS), Named.as("job-minutes-for-apps"))
                .mapValues(Emitted::value, Named.as("job-minute-bytes"))
                .repartition(Repartitioned.<String, byte[]>as(APP_STATS_REPARTITION)
                        .withKeySerde(Serdes.String()).withValueSerde(Serdes.ByteArray()))
                .process(() -> new AppStatsProcessor(clock, settings), Named.as("app-stats"),
                        AnalyticsStores.names(AnalyticsStores.appStores()));
        route(perApp, catalog, "app");
        return builder.build();
    }

    private static void route(KStream<String, Emitted> emitted, TopicCatalog catalog, String from) {
        to(emitted, Emitted.Target.STATS, catalog.stats(), from);
        to(emitted, Emitted.Target.ALERTS, catalog.alerts(), from);
        to(emitted, Emitted.Target.DLQ, catalog.dlq(), from);
    }

    private static void to(KStream<String, Emitted> emitted, Emitted.Target target, String topic, String from) {
        String name = from + "-" + target.name().toLowerCase(java.util.Locale.ROOT);
        emitted.filter((key, value) -> value.isFor(target), Named.as(name + "-filter"))
                .mapValues(Emitted::value, Named.as(name + "-bytes"))
                .to(topic, Produced.with(Serdes.String(), Serdes.ByteArray()).withName(name + "-sink"));
    }
}
