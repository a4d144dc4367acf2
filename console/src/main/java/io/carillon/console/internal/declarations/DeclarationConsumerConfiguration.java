package io.carillon.console.internal.declarations;

import io.carillon.console.internal.kafka.MaterializerContainers;
import io.carillon.console.internal.kafka.MaterializerProperties;
import io.carillon.topics.spring.CarillonTopics;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.listener.ConcurrentMessageListenerContainer;

/**
 * The spring-kafka container that feeds {@link DeclarationListener} from the {@code declarations} topic
 * ({@link MaterializerContainers}): group {@code carillon.console.declarations.group-id}, default
 * {@code <prefix>console-declarations}.
 */
@Configuration(proxyBeanMethods = false)
class DeclarationConsumerConfiguration {

    @Bean
    ConcurrentMessageListenerContainer<String, byte[]> carillonConsoleDeclarationsContainer(
            CarillonTopics topics,
            DeclarationProperties declarationProperties,
            MaterializerProperties materializerProperties,
            DeclarationListener listener) {
        String groupId = declarationProperties.getGroupId() != null
                ? declarationProperties.getGroupId()
                : topics.catalog().prefix() + "console-declarations";
        return MaterializerContainers.createQuiet(
                topics,
                materializerProperties,
                topics.catalog().declarations(),
                groupId,
                "carillon-console-declarations",
                listener);
    }
}
