package io.carillon.dispatcher.spring;

import io.carillon.dispatcher.Dispatcher;
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
 * Runs a {@link Dispatcher} in a Spring application: built from {@code carillon.dispatcher.*}, the
 * {@link CarillonTopics} (its clients given {@code carillon.kafka.properties.*}) and the {@link Clock} bean, its
 * meters in the context's {@link MeterRegistry} when there is one (Spring Boot's metrics auto-configuration provides
 * it when Micrometer is set up), started when the context is refreshed and closed when it stops.
 * Off with {@code carillon.dispatcher.enabled=false}.
 */
@AutoConfiguration(after = CarillonCoreAutoConfiguration.class)
@ConditionalOnProperty(prefix = "carillon.dispatcher", name = "enabled", havingValue = "true", matchIfMissing = true)
@EnableConfigurationProperties(DispatcherProperties.class)
public final class DispatcherAutoConfiguration {

    @Bean
    @ConditionalOnMissingBean
    Dispatcher carillonDispatcher(
            CarillonTopics topics,
            Clock clock,
            DispatcherProperties properties,
            ObjectProvider<MeterRegistry> meterRegistry) {
        Dispatcher.Builder builder = Dispatcher.builder()
                .bootstrapServers(topics.bootstrapServers())
                .clientProperties(topics.clientProperties().asMap())
                .catalog(topics.catalog())
                .clock(clock)
                .transactionalIdPrefix(properties.getTransactionalIdPrefix())
                .instanceId(properties.getInstanceId())
                .maxPollWait(properties.getMaxPollWait())
                .transactionTimeout(properties.getTransactionTimeout())
                .closeTimeout(properties.getCloseTimeout())
                .offsetMetadataMaxBytes(properties.getOffsetMetadataMaxBytes())
                .timerTick(properties.getTimerTick())
                .triggerLead(properties.getTriggerLead())
                .noWorkerGrace(properties.getNoWorkerGrace())
                .sessionTimeout(properties.getSessionTimeout());
        meterRegistry.ifAvailable(builder::meterRegistry);
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
