package io.carillon.planner.spring;

import io.carillon.planner.Planner;
import io.carillon.topics.spring.StreamsAppHealthIndicator;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;

/**
 * The {@code planner} health indicator (a {@link StreamsAppHealthIndicator} of its Kafka Streams state) when Spring
 * Boot's health support is present.
 */
@AutoConfiguration(after = PlannerAutoConfiguration.class)
@ConditionalOnClass(HealthIndicator.class)
@ConditionalOnBean(Planner.class)
public final class PlannerHealthAutoConfiguration {

    @Bean
    @ConditionalOnMissingBean(name = "plannerHealthIndicator")
    HealthIndicator plannerHealthIndicator(Planner planner) {
        return new StreamsAppHealthIndicator(() -> planner.state().name());
    }
}
