package io.carillon.console.internal.declarations;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.listener.ConcurrentMessageListenerContainer;

import io.carillon.console.ConsoleProperties;
import io.carillon.console.internal.kafka.MaterializerContainers;
import io.carillon.topics.spring.CarillonTopics;

/**
 * The spring-kafka container that feeds {@link DeclarationListener} from the {@code declarations} topic
 * ({@link MaterializerContainers}): group {@code carillon.console.declarations.group-id}, default
 * {@code <prefix>console-declarations}.
 */
@Configuration(proxyBeanMethods = false)
class DeclarationConsumerConfiguration {

    @Bean
    ConcurrentMessageListenerContainer<String, byte[]> carillonConsoleDeclarationsContainer(CarillonTopics topics,
            ConsoleProperties properties, DeclarationListener listener) {
        String groupId = properties.getDeclarations().getGroupId() != null
                ? properties.getDeclarations().getGroupId()
                : topics.catalog().prefix() + "console-declarations";
        return MaterializerContainers.createQuiet(topics, properties.getMaterializer(),
                topics.catalog().declarations(), groupId, "carillon-console-declarations", listener);
    }
}
