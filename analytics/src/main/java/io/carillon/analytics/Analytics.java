package io.carillon.analytics;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;

import org.apache.kafka.streams.CloseOptions;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.errors.StreamsUncaughtExceptionHandler.StreamThreadExceptionResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.carillon.analytics.internal.AnalyticsMeters;
import io.carillon.topics.KafkaClientProperties;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.events.Alerting;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.kafka.KafkaStreamsMetrics;

/**
 * Carillon's analytics app: a Kafka Streams application ({@link AnalyticsTopology}) with {@code exactly_once_v2}
 * that writes per-job and per-app run statistics to {@code stats} and monitor incidents to {@code alerts}. More
 * instances with the same application id share the jobs' partitions.
 *
 * <p>The topics of the catalog must exist with their partition counts (see {@code TopicInitializer}); the app
 * creates its own internal topics (changelogs, the repartition topic by app).
 *
 * <p>Threading: build and configure on any thread; {@link #start()} and {@link #close()} may be called from any
 * thread (they are synchronized), {@link #isRunning()} too. Processing runs on Kafka Streams' own threads. An app
 * starts once: after {@link #close()} build a new one.
 */
public final class Analytics implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(Analytics.class);
    private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(30);
    private static final String CLASSIC_GROUP_PROTOCOL = "classic";

    private final KafkaStreams streams;
    private final KafkaStreamsMetrics streamsMetrics;
    private final String applicationId;
    private boolean started;
    private boolean closed;

    private Analytics(Builder builder) {
        this.applicationId = builder.applicationId();
        AnalyticsSettings settings = new AnalyticsSettings(builder.punctuateInterval, builder.windowGrace,
                builder.appWindowDelay, builder.resultsFromStart, builder.alertingDefaults);
        AnalyticsMeters meters = builder.meterRegistry != null ? new AnalyticsMeters(builder.meterRegistry)
                : AnalyticsMeters.none();
        this.streams = new KafkaStreams(AnalyticsTopology.build(builder.catalog, builder.clock, settings, meters),
                builder.streamsProperties());
        this.streamsMetrics = builder.meterRegistry != null ? new KafkaStreamsMetrics(streams) : null;
        if (streamsMetrics != null) {
            streamsMetrics.bindTo(builder.meterRegistry);
        }
        streams.setStateListener((now, before) -> log.info("analytics {}: {} -> {}", applicationId, before, now));
        streams.setUncaughtExceptionHandler(e -> {
            log.error("analytics {}: stream thread failed, shutting the analytics app down", applicationId, e);
            return StreamThreadExceptionResponse.SHUTDOWN_CLIENT;
        });
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Starts processing in the background; returns at once. */
    public synchronized void start() {
        if (closed) {
            throw new IllegalStateException("analytics " + applicationId + " is closed; build a new one");
        }
        if (!started) {
            streams.start();
            started = true;
        }
    }

    /** The state of its Kafka Streams application. */
    public KafkaStreams.State state() {
        return streams.state();
    }

    /** Whether the app is processing: its Kafka Streams state is RUNNING or REBALANCING. */
    public boolean isRunning() {
        return streams.state().isRunningOrRebalancing();
    }

    /** Whether the app has joined its group and processes: its Kafka Streams state is RUNNING. */
    public boolean isProcessing() {
        return streams.state() == KafkaStreams.State.RUNNING;
    }

    /** Stops processing, waiting up to 30 s for the stream threads to commit, and leaves the group; idempotent. */
    @Override
    public synchronized void close() {
        if (!closed) {
            closed = true;
            streams.close(CloseOptions.groupMembershipOperation(CloseOptions.GroupMembershipOperation.LEAVE_GROUP)
                    .withTimeout(CLOSE_TIMEOUT));
            if (streamsMetrics != null) {
                streamsMetrics.close();
            }
        }
    }

    /** Configures an {@link Analytics} app. Not thread-safe. */
    public static final class Builder {

        private String bootstrapServers;
        private KafkaClientProperties clientProperties = KafkaClientProperties.NONE;
        private TopicCatalog catalog = TopicCatalog.defaults();
        private Clock clock = Clock.systemUTC();
        private String applicationId;
        private Path stateDir = Path.of(System.getProperty("java.io.tmpdir"), "carillon-analytics");
        private Duration punctuateInterval = AnalyticsSettings.DEFAULT_PUNCTUATE_INTERVAL;
        private Duration windowGrace = AnalyticsSettings.DEFAULT_WINDOW_GRACE;
        private Duration appWindowDelay = AnalyticsSettings.DEFAULT_APP_WINDOW_DELAY;
        private boolean resultsFromStart;
        private Alerting alertingDefaults = Alerting.unset();
        private int standbyReplicas;
        private final Map<String, String> streamsProperties = new LinkedHashMap<>();
        private MeterRegistry meterRegistry;

        private Builder() {
        }

        /** Kafka bootstrap servers, comma-separated {@code host:port} pairs; required. */
        public Builder bootstrapServers(String bootstrapServers) {
            this.bootstrapServers = bootstrapServers;
            return this;
        }

        /** The topics to read and write; default {@link TopicCatalog#defaults()}. */
        public Builder catalog(TopicCatalog catalog) {
            this.catalog = Objects.requireNonNull(catalog, "catalog");
            return this;
        }

        /** Where all time is read from; default the system clock in UTC. */
        public Builder clock(Clock clock) {
            this.clock = Objects.requireNonNull(clock, "clock");
            return this;
        }

        /**
         * Kafka Streams application id; default the topic prefix followed by {@code analytics}
         * ({@code carillon.analytics}).
         */
        public Builder applicationId(String applicationId) {
            this.applicationId = Objects.requireNonNull(applicationId, "applicationId");
            return this;
        }

        /** Directory of the local state stores; default {@code ${java.io.tmpdir}/carillon-analytics}. */
        public Builder stateDir(Path stateDir) {
            this.stateDir = Objects.requireNonNull(stateDir, "stateDir");
            return this;
        }

        /** How often windows are closed and scheduled instants judged; default 1 s. */
        public Builder punctuateInterval(Duration punctuateInterval) {
            this.punctuateInterval = punctuateInterval;
            return this;
        }

        /** How long after a window ends a result still counts in it; default 5 s. */
        public Builder windowGrace(Duration windowGrace) {
            this.windowGrace = windowGrace;
            return this;
        }

        /** How much longer an app's window waits for its jobs' windows; default 5 s. */
        public Builder appWindowDelay(Duration appWindowDelay) {
            this.appWindowDelay = appWindowDelay;
            return this;
        }

        /** Whether a new application id reads {@code results} from the beginning; default false (from the end). */
        public Builder resultsFromStart(boolean resultsFromStart) {
            this.resultsFromStart = resultsFromStart;
            return this;
        }

        /**
         * The monitor rules of every job that leaves a field of its {@code alerting} out; default
         * {@link Alerting#unset()} (the built-in rules, all on).
         */
        public Builder alertingDefaults(Alerting alertingDefaults) {
            this.alertingDefaults = Objects.requireNonNull(alertingDefaults, "alertingDefaults");
            return this;
        }

        /** Standby replicas of each state store (faster fail-over); default 0. */
        public Builder standbyReplicas(int standbyReplicas) {
            if (standbyReplicas < 0) {
                throw new IllegalArgumentException("standbyReplicas must not be negative, was " + standbyReplicas);
            }
            this.standbyReplicas = standbyReplicas;
            return this;
        }

        /**
         * Kafka client properties for all of Kafka Streams' clients (security, timeouts). Replaces those given before.
         *
         * @throws IllegalArgumentException naming a {@linkplain KafkaClientProperties#PROTECTED protected} property
         *                                  ({@code processing.guarantee}, {@code isolation.level}, ...)
         */
        public Builder clientProperties(Map<String, ?> properties) {
            this.clientProperties = KafkaClientProperties.of("clientProperties", properties);
            return this;
        }

        /**
         * Any Kafka Streams or client property; applied last, so it overrides the app's own settings and the
         * {@link #clientProperties client properties}.
         *
         * @throws IllegalArgumentException naming a {@linkplain KafkaClientProperties#PROTECTED protected} property
         */
        public Builder streamsProperty(String name, String value) {
            KafkaClientProperties.requireAllowed("streamsProperty", name);
            streamsProperties.put(name, value);
            return this;
        }

        /**
         * Where the app's meters go: the incident steps it writes ({@code carillon.analytics.incidents} per
         * {@code rule} and {@code action}), its dead letters ({@code carillon.dead.letters}) and Kafka Streams' own
         * metrics ({@code kafka.stream.*}, {@code kafka.consumer.*}, ...); default none.
         */
        public Builder meterRegistry(MeterRegistry meterRegistry) {
            this.meterRegistry = Objects.requireNonNull(meterRegistry, "meterRegistry");
            return this;
        }

        public Analytics build() {
            if (bootstrapServers == null || bootstrapServers.isBlank()) {
                throw new IllegalArgumentException("bootstrapServers is required");
            }
            return new Analytics(this);
        }

        private String applicationId() {
            return applicationId != null ? applicationId : catalog.prefix() + "analytics";
        }

        private Properties streamsProperties() {
            Properties properties = new Properties();
            properties.put(StreamsConfig.APPLICATION_ID_CONFIG, applicationId());
            properties.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
            properties.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.EXACTLY_ONCE_V2);
            properties.put(StreamsConfig.GROUP_PROTOCOL_CONFIG, CLASSIC_GROUP_PROTOCOL);
            properties.put(StreamsConfig.STATE_DIR_CONFIG, stateDir.toString());
            properties.put(StreamsConfig.NUM_STANDBY_REPLICAS_CONFIG, standbyReplicas);
            properties.put(StreamsConfig.REPLICATION_FACTOR_CONFIG, (int) catalog.replicationFactor());
            properties.putAll(clientProperties.asMap());
            properties.putAll(streamsProperties);
            return properties;
        }
    }
}
