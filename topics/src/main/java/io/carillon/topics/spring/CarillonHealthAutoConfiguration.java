package io.carillon.topics.spring;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;

/**
 * The health of what every Carillon process shares, when Spring Boot's health support is on the classpath: the
 * {@code carillonKafka} indicator (the cluster answers, the core topics exist).
 */
@AutoConfiguration(after = CarillonCoreAutoConfiguration.class)
@ConditionalOnClass(HealthIndicator.class)
@ConditionalOnBean(CarillonTopics.class)
public final class CarillonHealthAutoConfiguration {

    @Bean
    @ConditionalOnMissingBean(name = "carillonKafkaHealthIndicator")
    HealthIndicator carillonKafkaHealthIndicator(CarillonTopics topics) {
        return new KafkaHealthIndicator(topics);
    }
}
