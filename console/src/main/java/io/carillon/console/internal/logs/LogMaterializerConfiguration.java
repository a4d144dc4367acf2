package io.carillon.console.internal.logs;

import io.carillon.console.internal.kafka.MaterializerContainers;
import io.carillon.console.internal.kafka.MaterializerProperties;
import io.carillon.topics.spring.CarillonTopics;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.listener.ConcurrentMessageListenerContainer;

/**
 * The spring-kafka container that feeds {@link LogMaterializer} ({@link MaterializerContainers}): group
 * {@code carillon.console.logs.group-id}, polls sized like the results materializer's.
 */
@Configuration(proxyBeanMethods = false)
class LogMaterializerConfiguration {

    @Bean
    ConcurrentMessageListenerContainer<String, byte[]> carillonConsoleLogsContainer(
            CarillonTopics topics,
            LogProperties logProperties,
            MaterializerProperties materializerProperties,
            LogMaterializer materializer) {
        String groupId = logProperties.getGroupId() != null
                ? logProperties.getGroupId()
                : topics.catalog().prefix() + "console-logs";
        return MaterializerContainers.create(
                topics,
                materializerProperties,
                topics.catalog().logs(),
                groupId,
                "carillon-console-logs",
                materializer);
    }
}
