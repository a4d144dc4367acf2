package io.carillon.console.internal.runs;

import io.carillon.console.internal.kafka.MaterializerContainers;
import io.carillon.console.internal.kafka.MaterializerProperties;
import io.carillon.topics.spring.CarillonTopics;
import java.util.List;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.listener.ConcurrentMessageListenerContainer;

/**
 * The spring-kafka container that feeds {@link RunMaterializer} ({@link MaterializerContainers}) with
 * {@code results} and the workers' {@code claims}: group {@code carillon.console.materializer.group-id}. Polls are sized for throughput ({@code max-poll-records},
 * {@code fetch-min-bytes}) with a short {@code fetch-max-wait} so that a quiet console still shows a status within a
 * fraction of a second.
 */
@Configuration(proxyBeanMethods = false)
class RunMaterializerConfiguration {

    @Bean
    ConcurrentMessageListenerContainer<String, byte[]> carillonConsoleResultsContainer(
            CarillonTopics topics, MaterializerProperties settings, RunMaterializer materializer) {
        String groupId = settings.getGroupId() != null
                ? settings.getGroupId()
                : topics.catalog().prefix() + "console";
        return MaterializerContainers.create(
                topics,
                settings,
                List.of(topics.catalog().results(), topics.catalog().claims()),
                groupId,
                "carillon-console-results",
                materializer);
    }
}
