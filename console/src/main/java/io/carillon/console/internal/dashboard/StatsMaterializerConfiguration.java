package io.carillon.console.internal.dashboard;

import io.carillon.console.internal.kafka.MaterializerContainers;
import io.carillon.console.internal.kafka.MaterializerProperties;
import io.carillon.topics.spring.CarillonTopics;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.listener.ConcurrentMessageListenerContainer;

/**
 * The spring-kafka container that feeds {@link StatsMaterializer} ({@link MaterializerContainers}): group
 * {@code carillon.console.dashboard.group-id}; a quiet topic ({@link MaterializerContainers#createQuiet}).
 */
@Configuration(proxyBeanMethods = false)
class StatsMaterializerConfiguration {

    @Bean
    ConcurrentMessageListenerContainer<String, byte[]> carillonConsoleStatsContainer(
            CarillonTopics topics,
            DashboardProperties dashboardProperties,
            MaterializerProperties materializerProperties,
            StatsMaterializer materializer) {
        String groupId = dashboardProperties.getGroupId() != null
                ? dashboardProperties.getGroupId()
                : topics.catalog().prefix() + "console-stats";
        return MaterializerContainers.createQuiet(
                topics,
                materializerProperties,
                topics.catalog().stats(),
                groupId,
                "carillon-console-stats",
                materializer);
    }
}
