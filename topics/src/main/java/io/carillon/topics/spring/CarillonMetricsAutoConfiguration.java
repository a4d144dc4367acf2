package io.carillon.topics.spring;

import io.micrometer.core.instrument.binder.MeterBinder;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * The meters every Carillon process shares, when Micrometer is on the classpath: the lag of the consumer groups named
 * by {@code carillon.metrics.consumer-lag-groups} ({@link ConsumerLagMeter}), bound to the application's meter
 * registries as any {@link MeterBinder} bean is. Without groups to watch it reads nothing and opens no admin client.
 */
@AutoConfiguration(after = CarillonCoreAutoConfiguration.class)
@ConditionalOnClass(MeterBinder.class)
@ConditionalOnBean(CarillonTopics.class)
public final class CarillonMetricsAutoConfiguration {

    @Bean
    @ConditionalOnMissingBean(name = "carillonConsumerLagMeter")
    ConsumerLagMeter carillonConsumerLagMeter(CarillonTopics topics, CarillonProperties properties) {
        CarillonProperties.Metrics metrics = properties.getMetrics();
        return new ConsumerLagMeter(
                topics,
                metrics.getConsumerLagGroups(),
                metrics.getConsumerLagInterval(),
                metrics.getConsumerLagMaxGroups());
    }
}
