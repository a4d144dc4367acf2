package io.carillon.streams.spring;

import io.carillon.streams.StreamsAppBuilder;
import io.carillon.topics.KafkaClientProperties;
import io.carillon.topics.spring.CarillonTopics;
import io.micrometer.core.instrument.MeterRegistry;
import java.nio.file.Path;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.beans.factory.ObjectProvider;

/**
 * The settings every Carillon Kafka Streams application shares, under {@code carillon.<name>.*}, for the app's
 * {@code @ConfigurationProperties} class to extend; Kafka and topics come from {@code carillon.*}. The configuration
 * processor reads no Javadoc of a class in a jar, so the app's module describes these five properties in its
 * {@code META-INF/additional-spring-configuration-metadata.json}. Not thread-safe: Spring binds it once at start.
 */
public abstract class StreamsAppProperties {

    private final String prefix;
    /** Whether this application runs the app. */
    private boolean enabled = true;
    /**
     * Kafka Streams application id: instances with the same id share the jobs' partitions (default the topic prefix
     * followed by the app's name, e.g. {@code carillon.planner}).
     */
    private String applicationId;
    /** Directory of the app's local state stores (default {@code ${java.io.tmpdir}/carillon-<name>}). */
    private Path stateDir;
    /** Standby replicas of each state store, for faster fail-over. */
    private int standbyReplicas = 0;
    /**
     * Extra Kafka Streams or client properties for this app alone, applied over carillon.kafka.properties and the
     * app's own tuning; the protected ones (processing.guarantee, isolation.level, ...) are refused at start.
     */
    private Map<String, String> streams = new LinkedHashMap<>();

    /** The settings of the app called {@code name}, bound under {@code carillon.<name>}. */
    protected StreamsAppProperties(String name) {
        this.prefix = "carillon." + name;
        this.stateDir = StreamsAppBuilder.defaultStateDir(name);
    }

    /**
     * Gives {@code builder} these settings, the cluster, topics and client properties of {@code topics}, the
     * {@code clock} and the meter registry when there is one; returns it for the app's own settings.
     *
     * @throws IllegalArgumentException naming a protected property of {@code streams}, e.g.
     *                                  {@code carillon.planner.streams.processing.guarantee}
     */
    public <B extends StreamsAppBuilder<B>> B configure(
            B builder, CarillonTopics topics, Clock clock, ObjectProvider<MeterRegistry> meterRegistry) {
        builder.bootstrapServers(topics.bootstrapServers())
                .clientProperties(topics.clientProperties().asMap())
                .catalog(topics.catalog())
                .clock(clock)
                .stateDir(stateDir)
                .standbyReplicas(standbyReplicas);
        meterRegistry.ifAvailable(builder::meterRegistry);
        if (applicationId != null) {
            builder.applicationId(applicationId);
        }
        KafkaClientProperties.of(prefix + ".streams", streams)
                .asMap()
                .forEach((name, value) -> builder.streamsProperty(name, value.toString()));
        return builder;
    }

    public boolean isEnabled() {
        return enabled;
    }

    public void setEnabled(boolean enabled) {
        this.enabled = enabled;
    }

    public String getApplicationId() {
        return applicationId;
    }

    public void setApplicationId(String applicationId) {
        this.applicationId = applicationId;
    }

    public Path getStateDir() {
        return stateDir;
    }

    public void setStateDir(Path stateDir) {
        this.stateDir = stateDir;
    }

    public int getStandbyReplicas() {
        return standbyReplicas;
    }

    public void setStandbyReplicas(int standbyReplicas) {
        this.standbyReplicas = standbyReplicas;
    }

    public Map<String, String> getStreams() {
        return streams;
    }

    public void setStreams(Map<String, String> streams) {
        this.streams = streams;
    }
}
