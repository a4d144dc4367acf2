package io.carillon.dispatcher.spring;

import java.time.Clock;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

import io.carillon.dispatcher.Dispatcher;
import io.carillon.topics.spring.CarillonCoreAutoConfiguration;
import io.carillon.topics.spring.CarillonTopics;

/**
 * Runs a {@link Dispatcher} in a Spring application: built from {@code carillon.dispatcher.*}, the
 * {@link CarillonTopics} and the {@link Clock} bean, started when the context is refreshed and closed when it stops.
 * Off with {@code carillon.dispatcher.enabled=false}.
 */
@AutoConfiguration(after = CarillonCoreAutoConfiguration.class)
@ConditionalOnProperty(prefix = "carillon.dispatcher", name = "enabled", havingValue = "true", matchIfMissing = true)
@EnableConfigurationProperties(DispatcherProperties.class)
public final class DispatcherAutoConfiguration {

    @Bean
    @ConditionalOnMissingBean
    Dispatcher carillonDispatcher(CarillonTopics topics, Clock clock, DispatcherProperties properties) {
        Dispatcher.Builder builder = Dispatcher.builder()
                .bootstrapServers(topics.bootstrapServers())
                .catalog(topics.catalog())
                .clock(clock)
                .transactionalIdPrefix(properties.getTransactionalIdPrefix())
                .maxPollWait(properties.getMaxPollWait())
                .transactionTimeout(properties.getTransactionTimeout())
                .closeTimeout(properties.getCloseTimeout())
                .offsetMetadataMaxBytes(properties.getOffsetMetadataMaxBytes())
                .timerTick(properties.getTimerTick());
        if (properties.getGroupId() != null) {
            builder.groupId(properties.getGroupId());
        }
        return builder.build();
    }

    @Bean
    @ConditionalOnMissingBean
    DispatcherLifecycle carillonDispatcherLifecycle(Dispatcher dispatcher) {
        return new DispatcherLifecycle(dispatcher);
    }
}
