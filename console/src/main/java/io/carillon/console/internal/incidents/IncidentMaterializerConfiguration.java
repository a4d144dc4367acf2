package io.carillon.console.internal.incidents;

import io.carillon.console.internal.kafka.MaterializerProperties;
import io.carillon.topics.spring.CarillonTopics;
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

/**
 * The spring-kafka container that feeds {@link IncidentMaterializer} from {@code alerts}: group
 * {@code carillon.console.incidents.group-id}, the client properties of {@code carillon.kafka.properties.*},
 * read_committed, from the earliest offset, offsets committed after each batch returns, and a failed batch (the
 * database is down) retried every {@code carillon.console.materializer.retry-backoff} for as long as it takes.
 */
@Configuration(proxyBeanMethods = false)
class IncidentMaterializerConfiguration {

    static final String GROUP_SUFFIX = "console-incidents";

    @Bean
    ConcurrentMessageListenerContainer<String, byte[]> carillonConsoleAlertsContainer(
            CarillonTopics topics,
            IncidentProperties settings,
            MaterializerProperties materializerProperties,
            IncidentMaterializer materializer) {
        Map<String, Object> consumerConfig = new HashMap<>(topics.clientConfig());
        consumerConfig.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, settings.getMaxPollRecords());
        consumerConfig.put(
                ConsumerConfig.GROUP_ID_CONFIG,
                settings.getGroupId() != null
                        ? settings.getGroupId()
                        : topics.catalog().prefix() + GROUP_SUFFIX);
        consumerConfig.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        consumerConfig.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        consumerConfig.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);

        ContainerProperties containerProperties =
                new ContainerProperties(topics.catalog().alerts());
        containerProperties.setAckMode(ContainerProperties.AckMode.BATCH);
        containerProperties.setClientId("carillon-console-alerts");
        containerProperties.setMessageListener(materializer);

        ConcurrentMessageListenerContainer<String, byte[]> container = new ConcurrentMessageListenerContainer<>(
                new DefaultKafkaConsumerFactory<>(
                        consumerConfig, new StringDeserializer(), new ByteArrayDeserializer()),
                containerProperties);
        container.setCommonErrorHandler(new DefaultErrorHandler(new FixedBackOff(
                materializerProperties.getRetryBackoff().toMillis(), FixedBackOff.UNLIMITED_ATTEMPTS)));
        return container;
    }
}
