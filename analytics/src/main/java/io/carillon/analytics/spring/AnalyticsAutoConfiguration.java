package io.carillon.analytics.spring;

import io.carillon.analytics.Analytics;
import io.carillon.topics.spring.CarillonCoreAutoConfiguration;
import io.carillon.topics.spring.CarillonTopics;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

/**
 * Runs the {@link Analytics} app in a Spring application, on the Kafka cluster and topics of {@link CarillonTopics}
 * and the application's {@link Clock}, its Kafka clients given {@code carillon.kafka.properties.*} and, for Kafka
 * Streams alone, {@code carillon.analytics.streams.*}, its meters in the context's {@link MeterRegistry} when there
 * is one, started and stopped with the context. Off with
 * {@code carillon.analytics.enabled=false}.
 */
@AutoConfiguration(after = CarillonCoreAutoConfiguration.class)
@ConditionalOnProperty(prefix = "carillon.analytics", name = "enabled", havingValue = "true", matchIfMissing = true)
@EnableConfigurationProperties(AnalyticsProperties.class)
public final class AnalyticsAutoConfiguration {

    @Bean(destroyMethod = "close")
    @ConditionalOnMissingBean
    Analytics carillonAnalytics(
            CarillonTopics topics,
            Clock clock,
            AnalyticsProperties properties,
            ObjectProvider<MeterRegistry> meterRegistry) {
        return properties
                .configure(Analytics.builder(), topics, clock, meterRegistry)
                .punctuateInterval(properties.getPunctuateInterval())
                .windowGrace(properties.getWindowGrace())
                .appWindowDelay(properties.getAppWindowDelay())
                .resultsFromStart(properties.isResultsFromStart())
                .alertingDefaults(properties.getAlerting())
                .build();
    }

    @Bean
    @ConditionalOnMissingBean
    AnalyticsLifecycle carillonAnalyticsLifecycle(Analytics analytics) {
        return new AnalyticsLifecycle(analytics);
    }
}
