package io.carillon.dispatcher.spring;

import io.carillon.dispatcher.Dispatcher;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;

/**
 * The {@code dispatcher} health indicator ({@link DispatcherHealthIndicator}) when Spring Boot's health support is
 * present.
 */
@AutoConfiguration(after = DispatcherAutoConfiguration.class)
@ConditionalOnClass(HealthIndicator.class)
@ConditionalOnBean(Dispatcher.class)
public final class DispatcherHealthAutoConfiguration {

    @Bean
    @ConditionalOnMissingBean(name = "dispatcherHealthIndicator")
    HealthIndicator dispatcherHealthIndicator(Dispatcher dispatcher) {
        return new DispatcherHealthIndicator(dispatcher);
    }
}
