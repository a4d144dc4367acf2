package io.carillon.console.internal.runs;

import java.util.HashMap;
import java.util.Map;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.core.DefaultKafkaConsumerFactory;
import org.springframework.kafka.listener.ConcurrentMessageListenerContainer;
import org.springframework.kafka.listener.ContainerProperties;
import org.springframework.kafka.listener.DefaultErrorHandler;
import org.springframework.util.backoff.FixedBackOff;

import io.carillon.console.ConsoleProperties;
import io.carillon.topics.spring.CarillonTopics;

/**
 * The spring-kafka container that feeds {@link RunMaterializer}: group {@code carillon.console.materializer.group-id},
 * the client properties of {@code carillon.kafka.properties.*}, read_committed, from the earliest offset, offsets
 * committed after each batch returns, and a failed batch (the database is down) retried every {@code retry-backoff}
 * for as long as it takes. Polls are sized for throughput ({@code max-poll-records}, {@code fetch-min-bytes}) with a
 * short {@code fetch-max-wait} so that a quiet console still shows a status within a fraction of a second. The
 * container and its consumer factory are built here from {@link CarillonTopics} rather than from
 * {@code spring.kafka.*} and registered as no ConsumerFactory bean, so a hosting application's own Kafka beans are
 * left alone.
 */
@Configuration(proxyBeanMethods = false)
class RunMaterializerConfiguration {

    @Bean
    ConcurrentMessageListenerContainer<String, byte[]> carillonConsoleResultsContainer(CarillonTopics topics,
            ConsoleProperties properties, RunMaterializer materializer) {
        ConsoleProperties.Materializer settings = properties.getMaterializer();
        Map<String, Object> consumerConfig = new HashMap<>(Map.of(
                ConsumerConfig.MAX_POLL_RECORDS_CONFIG, settings.getMaxPollRecords(),
                ConsumerConfig.FETCH_MIN_BYTES_CONFIG, settings.getFetchMinBytes(),
                ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, Math.toIntExact(settings.getFetchMaxWait().toMillis())));
        consumerConfig.putAll(topics.clientConfig());
        consumerConfig.put(ConsumerConfig.GROUP_ID_CONFIG, settings.getGroupId() != null ? settings.getGroupId()
                : topics.catalog().prefix() + "console");
        consumerConfig.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        consumerConfig.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        consumerConfig.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        DefaultKafkaConsumerFactory<String, byte[]> consumers = new DefaultKafkaConsumerFactory<>(consumerConfig,
                new StringDeserializer(), new ByteArrayDeserializer());

        ContainerProperties containerProperties = new ContainerProperties(topics.catalog().results());
        containerProperties.setAckMode(ContainerProperties.AckMode.BATCH);
        containerProperties.setClientId("carillon-console-results");
        containerProperties.setMessageListener(materializer);

        ConcurrentMessageListenerContainer<String, byte[]> container =
                new ConcurrentMessageListenerContainer<>(consumers, containerProperties);
        container.setConcurrency(settings.getConcurrency());
        container.setCommonErrorHandler(new DefaultErrorHandler(
                new FixedBackOff(settings.getRetryBackoff().toMillis(), FixedBackOff.UNLIMITED_ATTEMPTS)));
        return container;
    }
}
