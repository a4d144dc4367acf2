package io.carillon.streams;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.kafka.KafkaStreamsMetrics;
import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;
import org.apache.kafka.streams.CloseOptions;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.errors.StreamsUncaughtExceptionHandler.StreamThreadExceptionResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The running part of a Carillon Kafka Streams application (the planner, the analytics app): one
 * {@link KafkaStreams} over the app's topology, its state changes logged, a failed stream thread shutting the whole
 * client down, Kafka Streams' metrics bound to the app's meter registry, and a close that leaves the group. Made by
 * {@link StreamsAppBuilder#newApp}.
 *
 * <p>Threading: {@link #start()} and {@link #close()} may be called from any thread (they are synchronized), the
 * other methods too. Processing runs on Kafka Streams' own threads, and so does the state listener. An app starts
 * once: after {@link #close()} build a new one.
 */
public final class StreamsApp implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(StreamsApp.class);
    /** How long {@link #close()} waits for the stream threads to commit. */
    public static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(30);

    private final String name;
    private final String applicationId;
    private final KafkaStreams streams;
    private final KafkaStreamsMetrics streamsMetrics;
    private boolean started;
    private boolean closed;

    StreamsApp(
            String name,
            String applicationId,
            Topology topology,
            Properties properties,
            MeterRegistry meterRegistry,
            KafkaStreams.StateListener onStateChange) {
        this.name = name;
        this.applicationId = applicationId;
        this.streams = new KafkaStreams(topology, properties);
        this.streamsMetrics = meterRegistry != null ? bind(streams, meterRegistry) : null;
        streams.setStateListener((now, before) -> {
            log.info("{} {}: {} -> {}", name, applicationId, before, now);
            onStateChange.onChange(now, before);
        });
        streams.setUncaughtExceptionHandler(e -> {
            log.error("{} {}: stream thread failed, shutting the {} down", name, applicationId, name, e);
            return StreamThreadExceptionResponse.SHUTDOWN_CLIENT;
        });
    }

    private static KafkaStreamsMetrics bind(KafkaStreams streams, MeterRegistry registry) {
        KafkaStreamsMetrics metrics = new KafkaStreamsMetrics(streams);
        metrics.bindTo(registry);
        return metrics;
    }

    /**
     * Starts processing in the background; returns at once. Starting a started app does nothing.
     *
     * @throws IllegalStateException once the app is closed
     */
    public synchronized void start() {
        if (closed) {
            throw new IllegalStateException(name + " " + applicationId + " is closed; build a new one");
        }
        if (!started) {
            streams.start();
            started = true;
        }
    }

    /** Kafka Streams' state (CREATED, REBALANCING, RUNNING, ..., ERROR), for health. */
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

    /** Kafka Streams' metrics, for probes and diagnostics. */
    public Map<MetricName, ? extends Metric> metrics() {
        return streams.metrics();
    }

    /**
     * Stops processing, waiting up to {@link #CLOSE_TIMEOUT} for the stream threads to commit, and leaves the group
     * so that a successor (or this app restarted) gets the partitions at once rather than after the session timeout;
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
}
