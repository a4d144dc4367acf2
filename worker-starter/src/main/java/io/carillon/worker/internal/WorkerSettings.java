package io.carillon.worker.internal;

import io.carillon.topics.KafkaClientProperties;
import io.carillon.topics.TopicCatalog;
import io.carillon.worker.CarillonWorker;
import io.carillon.worker.JobHandlerFunction;
import io.carillon.worker.RunListener;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;

/** A worker's validated settings; {@link #toString()} hides secrets. */
public record WorkerSettings(
        String bootstrapServers,
        TopicCatalog catalog,
        Clock clock,
        String app,
        String instanceId,
        int capacity,
        Duration heartbeatInterval,
        Duration shutdownGrace,
        Map<String, JobHandlerFunction> handlers,
        Map<String, Object> kafkaProperties,
        int maxEarlyRuns,
        RunListener runListener) {

    public WorkerSettings {
        handlers = Map.copyOf(handlers);
        kafkaProperties = Map.copyOf(kafkaProperties);
        runListener = runListener != null ? runListener : RunListener.NONE;
    }

    /** Settings whose runs are told to no {@link RunListener}. */
    public WorkerSettings(
            String bootstrapServers,
            TopicCatalog catalog,
            Clock clock,
            String app,
            String instanceId,
            int capacity,
            Duration heartbeatInterval,
            Duration shutdownGrace,
            Map<String, JobHandlerFunction> handlers,
            Map<String, Object> kafkaProperties,
            int maxEarlyRuns) {
        this(
                bootstrapServers,
                catalog,
                clock,
                app,
                instanceId,
                capacity,
                heartbeatInterval,
                shutdownGrace,
                handlers,
                kafkaProperties,
                maxEarlyRuns,
                RunListener.NONE);
    }

    /** Settings with the default bound of early runs ({@link CarillonWorker#DEFAULT_MAX_EARLY_RUNS}). */
    public WorkerSettings(
            String bootstrapServers,
            TopicCatalog catalog,
            Clock clock,
            String app,
            String instanceId,
            int capacity,
            Duration heartbeatInterval,
            Duration shutdownGrace,
            Map<String, JobHandlerFunction> handlers,
            Map<String, Object> kafkaProperties) {
        this(
                bootstrapServers,
                catalog,
                clock,
                app,
                instanceId,
                capacity,
                heartbeatInterval,
                shutdownGrace,
                handlers,
                kafkaProperties,
                CarillonWorker.DEFAULT_MAX_EARLY_RUNS);
    }

    /** The settings, the values of secret Kafka properties hidden. */
    @Override
    public String toString() {
        return "WorkerSettings[app=" + app + ", instanceId=" + instanceId + ", bootstrapServers=" + bootstrapServers
                + ", capacity=" + capacity + ", handlers=" + handlers.keySet() + ", kafkaProperties="
                + KafkaClientProperties.describe(kafkaProperties) + "]";
    }

    public String triggerTopic() {
        return catalog.trigger(app);
    }

    /**
     * The consumer group of the app's workers: the trigger topic's name ({@code carillon.trigger.<app>}), so that
     * installations with different topic prefixes on one cluster never share a group.
     */
    public String groupId() {
        return triggerTopic();
    }
}
