package io.carillon.console.internal.workflows;

import io.carillon.console.internal.kafka.MaterializerContainers;
import io.carillon.console.internal.kafka.MaterializerProperties;
import io.carillon.topics.spring.CarillonTopics;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.listener.ConcurrentMessageListenerContainer;

/**
 * The spring-kafka container that feeds {@link WorkflowEventMaterializer} from {@code workflow.events}
 * ({@link MaterializerContainers}, a quiet topic): group {@code carillon.console.workflows.group-id}, default
 * {@code <prefix>console-workflows}.
 */
@Configuration(proxyBeanMethods = false)
class WorkflowEventConsumerConfiguration {

    static final String GROUP_SUFFIX = "console-workflows";

    @Bean
    ConcurrentMessageListenerContainer<String, byte[]> carillonConsoleWorkflowEventsContainer(
            CarillonTopics topics,
            WorkflowProperties workflowProperties,
            MaterializerProperties materializerProperties,
            WorkflowEventMaterializer materializer) {
        String groupId = workflowProperties.getGroupId() != null
                ? workflowProperties.getGroupId()
                : topics.catalog().prefix() + GROUP_SUFFIX;
        return MaterializerContainers.createQuiet(
                topics,
                materializerProperties,
                topics.catalog().workflowEvents(),
                groupId,
                "carillon-console-workflows",
                materializer);
    }
}
