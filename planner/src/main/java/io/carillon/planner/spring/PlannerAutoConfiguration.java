package io.carillon.planner.spring;

import io.carillon.planner.Planner;
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
 * Runs a {@link Planner} in a Spring application, on the Kafka cluster and topics of {@link CarillonTopics} and the
 * application's {@link Clock}, its Kafka clients given {@code carillon.kafka.properties.*} and, for Kafka Streams
 * alone, {@code carillon.planner.streams.*}, its meters in the context's {@link MeterRegistry} when there is one,
 * started and stopped with the context. Off with
 * {@code carillon.planner.enabled=false}.
 */
@AutoConfiguration(after = CarillonCoreAutoConfiguration.class)
@ConditionalOnProperty(prefix = "carillon.planner", name = "enabled", havingValue = "true", matchIfMissing = true)
@EnableConfigurationProperties(PlannerProperties.class)
public final class PlannerAutoConfiguration {

    @Bean(destroyMethod = "close")
    @ConditionalOnMissingBean
    Planner carillonPlanner(
            CarillonTopics topics,
            Clock clock,
            PlannerProperties properties,
            ObjectProvider<MeterRegistry> meterRegistry) {
        return properties
                .configure(Planner.builder(), topics, clock, meterRegistry)
                .horizon(properties.getHorizon())
                .punctuateInterval(properties.getPunctuateInterval())
                .backfillPerPunctuation(properties.getBackfillPerPunctuation())
                .maxBackfillFires(properties.getMaxBackfillFires())
                .runTimeoutGrace(properties.getRunTimeoutGrace())
                .openRunCheckInterval(properties.getOpenRunCheckInterval())
                .unknownJobGrace(properties.getUnknownJobGrace())
                .build();
    }

    @Bean
    @ConditionalOnMissingBean
    PlannerLifecycle carillonPlannerLifecycle(Planner planner) {
        return new PlannerLifecycle(planner);
    }
}
