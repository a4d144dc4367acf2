package io.carillon.console.internal.kafka;

import io.carillon.topics.spring.CarillonTopics;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.springframework.kafka.core.DefaultKafkaConsumerFactory;
import org.springframework.kafka.listener.BatchMessageListener;
import org.springframework.kafka.listener.ConcurrentMessageListenerContainer;
import org.springframework.kafka.listener.ContainerProperties;
import org.springframework.kafka.listener.DefaultErrorHandler;
import org.springframework.util.backoff.FixedBackOff;

/**
 * The spring-kafka containers of the console's materializers, which write a topic into PostgreSQL: the client
 * properties of {@code carillon.kafka.properties.*}, read_committed, from the earliest offset, offsets committed
 * after each batch returns ({@code AckMode.BATCH}), and a failed batch (the database is down) retried every
 * {@code retry-backoff} for as long as it takes. Polls are sized by {@code carillon.console.materializer.*}; a
 * quiet topic's fetches ({@link #createQuiet}) return at its first record and otherwise wait Kafka's default half
 * second, so an idle console asks the broker little. The container and its consumer factory are registered as no
 * ConsumerFactory bean, so a hosting application's own Kafka beans are left alone.
 */
public final class MaterializerContainers {

    /** How long a fetch of a quiet topic waits for its first record: Kafka's default. */
    static final Duration QUIET_FETCH_MAX_WAIT = Duration.ofMillis(500);

    private MaterializerContainers() {}

    /**
     * A container feeding {@code listener} with the records of a busy {@code topic}, in consumer group
     * {@code groupId}: each fetch waits for {@code fetch-min-bytes} or {@code fetch-max-wait}, so records come in
     * large batches.
     */
    public static ConcurrentMessageListenerContainer<String, byte[]> create(
            CarillonTopics topics,
            MaterializerProperties settings,
            String topic,
            String groupId,
            String clientId,
            BatchMessageListener<String, byte[]> listener) {
        return create(topics, settings, List.of(topic), groupId, clientId, listener);
    }

    /** A container as {@link #create} that reads every topic of {@code topicNames} in the one group. */
    public static ConcurrentMessageListenerContainer<String, byte[]> create(
            CarillonTopics topics,
            MaterializerProperties settings,
            List<String> topicNames,
            String groupId,
            String clientId,
            BatchMessageListener<String, byte[]> listener) {
        return create(consumerConfig(topics, settings, false, groupId), topicNames, clientId, settings, listener);
    }

    /**
     * A container as {@link #create} for a topic written a few records at a time (declarations, stats): each fetch
     * returns as soon as a record is there and waits {@link #QUIET_FETCH_MAX_WAIT} otherwise.
     */
    public static ConcurrentMessageListenerContainer<String, byte[]> createQuiet(
            CarillonTopics topics,
            MaterializerProperties settings,
            String topic,
            String groupId,
            String clientId,
            BatchMessageListener<String, byte[]> listener) {
        return create(consumerConfig(topics, settings, true, groupId), List.of(topic), clientId, settings, listener);
    }

    /** The consumer properties of a materializer of a busy or a {@code quiet} topic in group {@code groupId}. */
    static Map<String, Object> consumerConfig(
            CarillonTopics topics, MaterializerProperties settings, boolean quiet, String groupId) {
        Duration fetchMaxWait = quiet ? QUIET_FETCH_MAX_WAIT : settings.getFetchMaxWait();
        Map<String, Object> consumerConfig = new HashMap<>(Map.of(
                ConsumerConfig.MAX_POLL_RECORDS_CONFIG, settings.getMaxPollRecords(),
                ConsumerConfig.FETCH_MIN_BYTES_CONFIG, quiet ? 1 : settings.getFetchMinBytes(),
                ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, Math.toIntExact(fetchMaxWait.toMillis())));
        consumerConfig.putAll(topics.clientConfig());
        consumerConfig.put(ConsumerConfig.GROUP_ID_CONFIG, groupId);
        consumerConfig.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        consumerConfig.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        consumerConfig.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        return consumerConfig;
    }

    private static ConcurrentMessageListenerContainer<String, byte[]> create(
            Map<String, Object> consumerConfig,
            List<String> topicNames,
            String clientId,
            MaterializerProperties settings,
            BatchMessageListener<String, byte[]> listener) {
        DefaultKafkaConsumerFactory<String, byte[]> consumers = new DefaultKafkaConsumerFactory<>(
                consumerConfig, new StringDeserializer(), new ByteArrayDeserializer());

        ContainerProperties containerProperties = new ContainerProperties(topicNames.toArray(String[]::new));
        containerProperties.setAckMode(ContainerProperties.AckMode.BATCH);
        containerProperties.setClientId(clientId);
        containerProperties.setMessageListener(listener);

        ConcurrentMessageListenerContainer<String, byte[]> container =
                new ConcurrentMessageListenerContainer<>(consumers, containerProperties);
        container.setConcurrency(settings.getConcurrency());
        container.setCommonErrorHandler(new DefaultErrorHandler(
                new FixedBackOff(settings.getRetryBackoff().toMillis(), FixedBackOff.UNLIMITED_ATTEMPTS)));
        return container;
    }
}
