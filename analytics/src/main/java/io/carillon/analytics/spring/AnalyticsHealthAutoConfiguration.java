package io.carillon.analytics.spring;

import io.carillon.analytics.Analytics;
import io.carillon.topics.spring.StreamsAppHealthIndicator;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;

/**
 * The {@code analytics} health indicator (a {@link StreamsAppHealthIndicator} of its Kafka Streams state) when
 * Spring Boot's health support is present.
 */
@AutoConfiguration(after = AnalyticsAutoConfiguration.class)
@ConditionalOnClass(HealthIndicator.class)
@ConditionalOnBean(Analytics.class)
public final class AnalyticsHealthAutoConfiguration {

    @Bean
    @ConditionalOnMissingBean(name = "analyticsHealthIndicator")
    HealthIndicator analyticsHealthIndicator(Analytics analytics) {
        return new StreamsAppHealthIndicator(() -> analytics.state().name());
    }
}
