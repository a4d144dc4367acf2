package io.carillon.console.internal.kafka;

import io.carillon.topics.metrics.DeadLetterMeter;
import io.carillon.topics.spring.CarillonTopics;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import java.time.Clock;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The console's producer, built from {@code carillon.kafka.bootstrap-servers} and {@code carillon.kafka.properties.*}
 * (through {@link CarillonTopics}, so it exists only once the topics do) instead of {@code spring.kafka.*}, so that
 * an application hosting the console keeps its own Kafka settings.
 */
@Configuration(proxyBeanMethods = false)
class ConsoleKafkaConfiguration {

    @Bean(destroyMethod = "close")
    ConsoleProducer carillonConsoleProducer(CarillonTopics topics, ConsoleKafkaProperties kafkaProperties) {
        return ConsoleProducer.create(topics.clientConfig(), kafkaProperties.getSendTimeout());
    }

    @Bean
    DeadLetters carillonConsoleDeadLetters(
            ConsoleProducer producer, CarillonTopics topics, Clock clock, ObjectProvider<MeterRegistry> registry) {
        return new DeadLetters(
                producer,
                topics.catalog(),
                clock,
                new DeadLetterMeter(registry.getIfAvailable(CompositeMeterRegistry::new)));
    }
}
