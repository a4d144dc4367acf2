package io.carillon.topics.spring;

import java.time.Clock;
import java.util.Map;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

import io.carillon.topics.TopicCatalog;
import io.carillon.topics.TopicInitializer;

/**
 * What every Carillon component needs in a Spring application: the {@link Clock} all time is read from, the
 * {@link TopicCatalog}, and the core topics created and checked ({@link CarillonTopics}).
 */
@AutoConfiguration
@EnableConfigurationProperties(CarillonProperties.class)
public final class CarillonCoreAutoConfiguration {

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
        String bootstrapServers = properties.getKafka().getBootstrapServers();
        if (properties.getTopics().isInitialize()) {
            try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers))) {
                new TopicInitializer(admin).ensure(catalog.coreTopics());
            }
        }
        return new CarillonTopics(catalog, bootstrapServers);
    }
}
