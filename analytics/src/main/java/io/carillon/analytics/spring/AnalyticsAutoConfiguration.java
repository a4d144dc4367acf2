package io.carillon.analytics.spring;

import java.time.Clock;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

import io.carillon.analytics.Analytics;
import io.carillon.topics.spring.CarillonCoreAutoConfiguration;
import io.carillon.topics.spring.CarillonTopics;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * Runs the {@link Analytics} app in a Spring application, on the Kafka cluster and topics of {@link CarillonTopics}
 * and the application's {@link Clock}, started and stopped with the context. Off with
 * {@code carillon.analytics.enabled=false}.
 */
@AutoConfiguration(after = CarillonCoreAutoConfiguration.class)
@ConditionalOnProperty(prefix = "carillon.analytics", name = "enabled", havingValue = "true", matchIfMissing = true)
@EnableConfigurationProperties(AnalyticsProperties.class)
public final class AnalyticsAutoConfiguration {

    @Bean(destroyMethod = "close")
    @ConditionalOnMissingBean
    Analytics carillonAnalytics(CarillonTopics topics, Clock clock, AnalyticsProperties properties,
            ObjectProvider<MeterRegistry> meterRegistry) {
        Analytics.Builder builder = Analytics.builder()
                .bootstrapServers(topics.bootstrapServers())
                .clientProperties(topics.clientProperties().asMap())
                .catalog(topics.catalog())
                .clock(clock)
                .stateDir(properties.getStateDir())
                .punctuateInterval(properties.getPunctuateInterval())
                .windowGrace(properties.getWindowGrace())
                .appWindowDelay(properties.getAppWindowDelay())
                .resultsFromStart(properties.isResultsFromStart())
                .alertingDefaults(properties.getAlerting())
                .standbyReplicas(properties.getStandbyReplicas());
        meterRegistry.ifAvailable(builder::meterRegistry);
        if (properties.getApplicationId() != null) {
            builder.applicationId(properties.getApplicationId());
        }
        properties.getStreams().forEach(builder::streamsProperty);
        return builder.build();
    }

    @Bean
    @ConditionalOnMissingBean
    AnalyticsLifecycle carillonAnalyticsLifecycle(Analytics analytics) {
        return new AnalyticsLifecycle(analytics);
    }
}
