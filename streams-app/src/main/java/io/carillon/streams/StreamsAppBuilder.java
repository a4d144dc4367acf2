package io.carillon.streams;

import io.carillon.topics.KafkaClientProperties;
import io.carillon.topics.KafkaClientTimeouts;
import io.carillon.topics.TopicCatalog;
import io.micrometer.core.instrument.MeterRegistry;
import java.nio.file.Path;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.Topology;

/**
 * The settings every Carillon Kafka Streams application shares (cluster, topics, clock, application id, state
 * directory, standby replicas, client and Kafka Streams properties, meters), for the builder of such an app to
 * extend: {@code Planner.Builder extends StreamsAppBuilder<Planner.Builder>}. The app's own {@code build()} calls
 * {@link #newApp} with its topology and tuning.
 *
 * <p>Every app runs {@code exactly_once_v2} on the classic group protocol, with internal topics replicated like the
 * catalog's. Its Kafka Streams properties are, from weakest to strongest: these, {@link KafkaClientTimeouts} for its
 * producer and consumers, the app's tuning, the {@link #clientProperties client properties}, each
 * {@link #streamsProperty}.
 *
 * <p>Not thread-safe.
 *
 * @param <B> the app's builder, which each setter returns
 */
public abstract class StreamsAppBuilder<B extends StreamsAppBuilder<B>> {

    private static final String CLASSIC_GROUP_PROTOCOL = "classic";

    private final String name;
    private String bootstrapServers;
    private TopicCatalog catalog = TopicCatalog.defaults();
    private Clock clock = Clock.systemUTC();
    private String applicationId;
    private Path stateDir;
    private int standbyReplicas;
    private MeterRegistry meterRegistry;
    private KafkaClientProperties clientProperties = KafkaClientProperties.NONE;
    private final Map<String, String> streamsProperties = new LinkedHashMap<>();

    /** A builder of the app called {@code name} ({@code planner}, {@code analytics}): its logs and defaults. */
    protected StreamsAppBuilder(String name) {
        this.name = Objects.requireNonNull(name, "name");
        this.stateDir = defaultStateDir(name);
    }

    /** The default state directory of the app called {@code name}: {@code ${java.io.tmpdir}/carillon-<name>}. */
    public static Path defaultStateDir(String name) {
        return Path.of(System.getProperty("java.io.tmpdir"), "carillon-" + name);
    }

    /** This builder as the app's builder type. */
    protected abstract B self();

    /** Kafka bootstrap servers, comma-separated {@code host:port} pairs; required. */
    public B bootstrapServers(String bootstrapServers) {
        this.bootstrapServers = bootstrapServers;
        return self();
    }

    /** The topics to read and write; default {@link TopicCatalog#defaults()}. */
    public B catalog(TopicCatalog catalog) {
        this.catalog = Objects.requireNonNull(catalog, "catalog");
        return self();
    }

    /** Where all time is read from; default the system clock in UTC. */
    public B clock(Clock clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
        return self();
    }

    /**
     * Kafka Streams application id (consumer group, prefix of internal topics); default the topic prefix followed by
     * the app's name ({@code carillon.planner}, {@code carillon.analytics}), so installations with different
     * prefixes never share a group.
     */
    public B applicationId(String applicationId) {
        this.applicationId = Objects.requireNonNull(applicationId, "applicationId");
        return self();
    }

    /** Directory of the local state stores; default {@code ${java.io.tmpdir}/carillon-<name>}. */
    public B stateDir(Path stateDir) {
        this.stateDir = Objects.requireNonNull(stateDir, "stateDir");
        return self();
    }

    /** Standby replicas of each state store (faster fail-over); default 0. */
    public B standbyReplicas(int standbyReplicas) {
        if (standbyReplicas < 0) {
            throw new IllegalArgumentException("standbyReplicas must not be negative, was " + standbyReplicas);
        }
        this.standbyReplicas = standbyReplicas;
        return self();
    }

    /**
     * Kafka client properties for all of Kafka Streams' clients (security, timeouts); they override the app's tuning.
     * Replaces those given before.
     *
     * @throws IllegalArgumentException naming a {@linkplain KafkaClientProperties#PROTECTED protected} property
     *                                  ({@code processing.guarantee}, {@code isolation.level}, ...)
     */
    public B clientProperties(Map<String, ?> properties) {
        this.clientProperties = KafkaClientProperties.of("clientProperties", properties);
        return self();
    }

    /**
     * Any Kafka Streams or client property; applied last, so it overrides the app's tuning and the
     * {@link #clientProperties client properties}.
     *
     * @throws IllegalArgumentException naming a {@linkplain KafkaClientProperties#PROTECTED protected} property
     */
    public B streamsProperty(String name, String value) {
        KafkaClientProperties.requireAllowed("streamsProperty", name);
        streamsProperties.put(name, value);
        return self();
    }

    /**
     * Where the app's meters go: its own (see the app) and Kafka Streams' metrics ({@code kafka.stream.*},
     * {@code kafka.consumer.*}, ...); default none.
     */
    public B meterRegistry(MeterRegistry meterRegistry) {
        this.meterRegistry = Objects.requireNonNull(meterRegistry, "meterRegistry");
        return self();
    }

    /** The topics given, for the app's topology. */
    protected final TopicCatalog catalog() {
        return catalog;
    }

    /** The clock given, for the app's topology. */
    protected final Clock clock() {
        return clock;
    }

    /** The meter registry given, if any, for the app's own meters. */
    protected final Optional<MeterRegistry> meterRegistry() {
        return Optional.ofNullable(meterRegistry);
    }

    /**
     * Checks the settings every app needs.
     *
     * @throws IllegalArgumentException when the bootstrap servers are missing
     */
    protected final void requireSettings() {
        if (bootstrapServers == null || bootstrapServers.isBlank()) {
            throw new IllegalArgumentException("bootstrapServers is required");
        }
    }

    /** {@link #newApp(Topology, Map, KafkaStreams.StateListener)} with no state listener of the app's own. */
    protected final StreamsApp newApp(Topology topology, Map<String, ?> tuning) {
        return newApp(topology, tuning, (now, before) -> {});
    }

    /**
     * An app (not started) running {@code topology} with these settings over the app's {@code tuning} (Kafka Streams
     * and client properties), telling {@code onStateChange} of each state change on a stream thread.
     */
    protected final StreamsApp newApp(
            Topology topology, Map<String, ?> tuning, KafkaStreams.StateListener onStateChange) {
        requireSettings();
        return new StreamsApp(name, applicationId(), topology, streamsProperties(tuning), meterRegistry, onStateChange);
    }

    /**
     * The configuration of an {@code Admin} client of the app's own, beside Kafka Streams' clients: the cluster, the
     * client properties (security) and {@code admin.}-prefixed properties, with client id
     * {@code <prefix>-<purpose>}, where the prefix is the app's {@code client.id} when one is set (as for Kafka
     * Streams' own clients, so quotas and logs find it under the same name) and its application id otherwise.
     */
    protected final Map<String, Object> adminConfig(String purpose) {
        StreamsConfig config = new StreamsConfig(streamsProperties(Map.of()));
        String clientId = config.getString(StreamsConfig.CLIENT_ID_CONFIG);
        String prefix = clientId == null || clientId.isBlank() ? applicationId() : clientId;
        return config.getAdminConfigs(prefix + "-" + purpose);
    }

    private String applicationId() {
        return applicationId != null ? applicationId : catalog.prefix() + name;
    }

    Properties streamsProperties(Map<String, ?> tuning) {
        Properties properties = new Properties();
        properties.put(StreamsConfig.APPLICATION_ID_CONFIG, applicationId());
        properties.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        properties.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.EXACTLY_ONCE_V2);
        properties.put(StreamsConfig.GROUP_PROTOCOL_CONFIG, CLASSIC_GROUP_PROTOCOL);
        properties.put(StreamsConfig.STATE_DIR_CONFIG, stateDir.toString());
        properties.put(StreamsConfig.NUM_STANDBY_REPLICAS_CONFIG, standbyReplicas);
        properties.put(StreamsConfig.REPLICATION_FACTOR_CONFIG, (int) catalog.replicationFactor());
        properties.putAll(tuning);
        properties.putAll(clientProperties.asMap());
        properties.putAll(streamsProperties);
        clientTimeouts(properties);
        return properties;
    }

    /**
     * {@link KafkaClientTimeouts} for the producer and the consumers, each where neither the bare name nor the name
     * behind that client's prefix is set (a bare one would lose to a prefixed default).
     */
    private static void clientTimeouts(Properties properties) {
        KafkaClientTimeouts.defaults().forEach((name, value) -> {
            for (String prefixed : List.of(StreamsConfig.producerPrefix(name), StreamsConfig.consumerPrefix(name))) {
                if (!properties.containsKey(name)) {
                    properties.putIfAbsent(prefixed, value);
                }
            }
        });
    }
}
