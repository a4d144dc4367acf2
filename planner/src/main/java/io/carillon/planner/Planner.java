package io.carillon.planner;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;
import org.apache.kafka.streams.CloseOptions;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.errors.StreamsUncaughtExceptionHandler.StreamThreadExceptionResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.carillon.planner.internal.PlannerMeters;
import io.carillon.planner.internal.StartGate;
import io.carillon.topics.KafkaClientProperties;
import io.carillon.topics.TopicCatalog;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.kafka.KafkaStreamsMetrics;

/**
 * Carillon's planner: a Kafka Streams application ({@link PlannerTopology}) with {@code exactly_once_v2} and the
 * classic group protocol. Each instance owns the jobs of the partitions Kafka assigns it and writes their fires to
 * {@code fires} ahead of their time; more instances with the same application id share the work.
 *
 * <p>The topics of the catalog must exist with their partition counts (see {@code TopicInitializer}).
 *
 * <p>Threading: build and configure on any thread; {@link #start()} and {@link #close()} may be called from any
 * thread (they are synchronized), {@link #isRunning()} too. Processing runs on Kafka Streams' own threads. A planner
 * starts once: after {@link #close()} build a new one.
 */
public final class Planner implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(Planner.class);
    private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(30);
    /**
     * A planner that dies without leaving gives up its jobs after this, not after the 45 s default: the broker's
     * smallest by default ({@code group.min.session.timeout.ms}), six heartbeats. Its fires are written ten seconds
     * ahead, so the survivors take over its jobs before most of what it wrote is due.
     */
    private static final Duration SESSION_TIMEOUT = Duration.ofSeconds(6);
    private static final int HEARTBEAT_INTERVAL_MS = 1_000;
    private static final String CLASSIC_GROUP_PROTOCOL = "classic";
    /**
     * Records per poll of the restore consumer (Kafka Streams' default 1,000): a planner restoring a whole changelog
     * (a fresh state folder, or state wiped after an unclean stop) reads it in fewer, larger batches.
     */
    private static final int RESTORE_MAX_POLL_RECORDS = 10_000;
    /**
     * A task processes whatever it has buffered rather than wait for a co-partitioned input the broker has more of:
     * the planner does not depend on the order of records across {@code jobs}, {@code requests} and {@code results}
     * (a request for a job not held yet is parked; results are taken last anyway), and waiting for results, which
     * keep arriving, would stall the intake of jobs.
     */
    private static final long NO_TASK_IDLING = StreamsConfig.MAX_TASK_IDLE_MS_DISABLED;

    private final KafkaStreams streams;
    private final KafkaStreamsMetrics streamsMetrics;
    private final String applicationId;
    private boolean started;
    private boolean closed;

    private Planner(Builder builder) {
        this.applicationId = builder.applicationId();
        PlannerSettings settings = new PlannerSettings(builder.horizon, builder.punctuateInterval,
                builder.backfillPerPunctuation, builder.maxBackfillFires, builder.runTimeoutGrace,
                builder.openRunCheckInterval, builder.unknownJobGrace);
        StartGate gate = new StartGate();
        PlannerMeters meters = builder.meterRegistry != null ? new PlannerMeters(builder.meterRegistry)
                : PlannerMeters.none();
        this.streams = new KafkaStreams(PlannerTopology.build(builder.catalog, builder.clock, settings, gate, meters),
                builder.streamsProperties());
        this.streamsMetrics = builder.meterRegistry != null ? bind(streams, builder.meterRegistry) : null;
        streams.setStateListener((now, before) -> {
            log.info("planner {}: {} -> {}", applicationId, before, now);
            gate.onStateChange(now, before);
        });
        streams.setUncaughtExceptionHandler(e -> {
            log.error("planner {}: stream thread failed, shutting the planner down", applicationId, e);
            return StreamThreadExceptionResponse.SHUTDOWN_CLIENT;
        });
    }

    private static KafkaStreamsMetrics bind(KafkaStreams streams, MeterRegistry registry) {
        KafkaStreamsMetrics metrics = new KafkaStreamsMetrics(streams);
        metrics.bindTo(registry);
        return metrics;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Starts processing in the background; returns at once. */
    public synchronized void start() {
        if (closed) {
            throw new IllegalStateException("planner " + applicationId + " is closed; build a new one");
        }
        if (!started) {
            streams.start();
            started = true;
        }
    }

    /** Kafka Streams' metrics of this planner, for probes and diagnostics; any thread. */
    Map<MetricName, ? extends Metric> metrics() {
        return streams.metrics();
    }

    /** Kafka Streams' state of this planner (CREATED, REBALANCING, RUNNING, ..., ERROR), for health; any thread. */
    public KafkaStreams.State state() {
        return streams.state();
    }

    /** Whether the planner is processing: its Kafka Streams state is RUNNING or REBALANCING. */
    public boolean isRunning() {
        return streams.state().isRunningOrRebalancing();
    }

    /**
     * Stops processing, waiting up to 30 s for the stream threads to commit, and leaves the group so that a
     * successor (or this planner restarted) gets the partitions at once rather than after the session timeout;
     * idempotent.
     */
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

    /** Configures a {@link Planner}. Not thread-safe. */
    public static final class Builder {

        private String bootstrapServers;
        private TopicCatalog catalog = TopicCatalog.defaults();
        private Clock clock = Clock.systemUTC();
        private String applicationId;
        private Path stateDir = Path.of(System.getProperty("java.io.tmpdir"), "carillon-planner");
        private Duration horizon = PlannerSettings.DEFAULT_HORIZON;
        private Duration punctuateInterval = PlannerSettings.DEFAULT_PUNCTUATE_INTERVAL;
        private int backfillPerPunctuation = PlannerSettings.DEFAULT_BACKFILL_PER_PUNCTUATION;
        private int maxBackfillFires = PlannerSettings.DEFAULT_MAX_BACKFILL_FIRES;
        private Duration runTimeoutGrace = PlannerSettings.DEFAULT_RUN_TIMEOUT_GRACE;
        private Duration openRunCheckInterval = PlannerSettings.DEFAULT_OPEN_RUN_CHECK_INTERVAL;
        private Duration unknownJobGrace = PlannerSettings.DEFAULT_UNKNOWN_JOB_GRACE;
        private int standbyReplicas;
        private MeterRegistry meterRegistry;
        private KafkaClientProperties clientProperties = KafkaClientProperties.NONE;
        private final Map<String, String> streamsProperties = new LinkedHashMap<>();

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
         * Kafka Streams application id (consumer group, prefix of internal topics); default the topic prefix followed
         * by {@code planner} ({@code carillon.planner}), so installations with different prefixes never share a group.
         */
        public Builder applicationId(String applicationId) {
            this.applicationId = Objects.requireNonNull(applicationId, "applicationId");
            return this;
        }

        /** Directory of the local state stores; default {@code ${java.io.tmpdir}/carillon-planner}. */
        public Builder stateDir(Path stateDir) {
            this.stateDir = Objects.requireNonNull(stateDir, "stateDir");
            return this;
        }

        /** How far ahead fires are written; default 10 s. */
        public Builder horizon(Duration horizon) {
            this.horizon = horizon;
            return this;
        }

        /** How often due timers are looked for; default 100 ms. */
        public Builder punctuateInterval(Duration punctuateInterval) {
            this.punctuateInterval = punctuateInterval;
            return this;
        }

        /** The most BACKFILL fires one stream task writes per punctuation; default 100. */
        public Builder backfillPerPunctuation(int backfillPerPunctuation) {
            this.backfillPerPunctuation = backfillPerPunctuation;
            return this;
        }

        /** The most fires one BACKFILL request makes (the rest is reported to {@code dlq}); default 1,000. */
        public Builder maxBackfillFires(int maxBackfillFires) {
            this.maxBackfillFires = maxBackfillFires;
            return this;
        }

        /**
         * How long past {@code startedAt + timeoutMs} a run may stay without a terminal result before the planner
         * writes TIMED_OUT for it; default 30 s.
         */
        public Builder runTimeoutGrace(Duration runTimeoutGrace) {
            this.runTimeoutGrace = runTimeoutGrace;
            return this;
        }

        /** How often open runs are checked for timeouts and expired worker heartbeats; default 1 s. */
        public Builder openRunCheckInterval(Duration openRunCheckInterval) {
            this.openRunCheckInterval = openRunCheckInterval;
            return this;
        }

        /**
         * How long a request for a job the planner does not hold yet waits for the job's definition before it goes
         * to {@code dlq}; default 30 s, zero dead-letters it at once.
         */
        public Builder unknownJobGrace(Duration unknownJobGrace) {
            this.unknownJobGrace = unknownJobGrace;
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
         * Kafka client properties for all of Kafka Streams' clients (security, timeouts); they override the planner's
         * tuning defaults. Replaces those given before.
         *
         * @throws IllegalArgumentException naming a {@linkplain KafkaClientProperties#PROTECTED protected} property
         *                                  ({@code processing.guarantee}, {@code isolation.level}, ...)
         */
        public Builder clientProperties(Map<String, ?> properties) {
            this.clientProperties = KafkaClientProperties.of("clientProperties", properties);
            return this;
        }

        /**
         * Any Kafka Streams or client property; applied last, so it overrides the planner's tuning defaults and the
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
         * Where the planner's meters go: the fires and cancels it writes ({@code carillon.planner.fires} per
         * {@code kind}, {@code carillon.planner.cancels}), its dead letters ({@code carillon.dead.letters}) and Kafka
         * Streams' own metrics ({@code kafka.stream.*}, {@code kafka.consumer.*}, ...); default none.
         */
        public Builder meterRegistry(MeterRegistry meterRegistry) {
            this.meterRegistry = Objects.requireNonNull(meterRegistry, "meterRegistry");
            return this;
        }

        public Planner build() {
            if (bootstrapServers == null || bootstrapServers.isBlank()) {
                throw new IllegalArgumentException("bootstrapServers is required");
            }
            return new Planner(this);
        }

        private String applicationId() {
            return applicationId != null ? applicationId : catalog.prefix() + "planner";
        }

        private Properties streamsProperties() {
            Properties properties = new Properties();
            properties.put(StreamsConfig.APPLICATION_ID_CONFIG, applicationId());
            properties.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
            properties.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.EXACTLY_ONCE_V2);
            properties.put(StreamsConfig.GROUP_PROTOCOL_CONFIG, CLASSIC_GROUP_PROTOCOL);
            properties.put(StreamsConfig.STATE_DIR_CONFIG, stateDir.toString());
            properties.put(StreamsConfig.NUM_STANDBY_REPLICAS_CONFIG, standbyReplicas);
            properties.put(StreamsConfig.consumerPrefix(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG),
                    (int) SESSION_TIMEOUT.toMillis());
            properties.put(StreamsConfig.consumerPrefix(ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG),
                    HEARTBEAT_INTERVAL_MS);
            properties.put(StreamsConfig.REPLICATION_FACTOR_CONFIG, (int) catalog.replicationFactor());
            properties.put(StreamsConfig.restoreConsumerPrefix(ConsumerConfig.MAX_POLL_RECORDS_CONFIG),
                    RESTORE_MAX_POLL_RECORDS);
            properties.put(StreamsConfig.MAX_TASK_IDLE_MS_CONFIG, NO_TASK_IDLING);
            properties.put(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG, PlannerSettings.COMMIT_INTERVAL.toMillis());
            properties.putAll(clientProperties.asMap());
            properties.putAll(streamsProperties);
            return properties;
        }
    }
}
