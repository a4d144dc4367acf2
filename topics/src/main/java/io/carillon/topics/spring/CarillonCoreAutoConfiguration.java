package io.carillon.topics.spring;

import io.carillon.topics.KafkaClientProperties;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.TopicInitializer;
import java.time.Clock;
import org.apache.kafka.clients.admin.Admin;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

/**
 * What every Carillon component needs in a Spring application: the {@link Clock} all time is read from, the
 * {@link TopicCatalog}, and the core topics created and checked ({@link CarillonTopics}) with the admin client of
 * {@code carillon.kafka.*}, whose {@code properties} every component's Kafka clients get too.
 */
@AutoConfiguration
@EnableConfigurationProperties(CarillonProperties.class)
public final class CarillonCoreAutoConfiguration {

    private static final String CLIENT_PROPERTIES = "carillon.kafka.properties";

    @Bean
    @ConditionalOnMissingBean
    Clock carillonClock() {
        return Clock.systemUTC();
    }

    @Bean
    @ConditionalOnMissingBean
    TopicCatalog carillonTopicCatalog(CarillonProperties properties) {
        CarillonProperties.Topics topics = properties.getTopics();
        return new TopicCatalog(topics.getPrefix(), topics.getPartitions(), topics.getReplicationFactor());
    }

    @Bean
    @ConditionalOnMissingBean
    CarillonTopics carillonTopics(TopicCatalog catalog, CarillonProperties properties) {
        CarillonTopics topics = new CarillonTopics(
                catalog,
                properties.getKafka().getBootstrapServers(),
                KafkaClientProperties.of(
                        CLIENT_PROPERTIES, properties.getKafka().getProperties()));
        if (properties.getTopics().isInitialize()) {
            try (Admin admin = Admin.create(topics.clientConfig())) {
                new TopicInitializer(admin).ensure(catalog.coreTopics());
            }
        }
        return topics;
    }
}
