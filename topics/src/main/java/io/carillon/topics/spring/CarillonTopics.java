package io.carillon.topics.spring;

import io.carillon.topics.KafkaClientProperties;
import io.carillon.topics.TopicCatalog;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;

/**
 * The topic catalog and how to reach the cluster, available once the core topics exist (when initialization is on).
 * Components that read or write topics depend on this bean rather than on the bare catalog, so they start after the
 * topics are there, and build every Kafka client from {@link #clientConfig()} or from {@link #bootstrapServers()} and
 * {@link #clientProperties()} ({@code carillon.kafka.properties.*}). Its {@code toString()} hides secrets.
 */
public record CarillonTopics(TopicCatalog catalog, String bootstrapServers, KafkaClientProperties clientProperties) {

    public CarillonTopics {
        Objects.requireNonNull(catalog, "catalog");
        Objects.requireNonNull(clientProperties, "clientProperties");
    }

    /**
     * A new admin client of {@link #clientConfig()} whose requests and API calls give up after {@code timeout}; the
     * caller closes it.
     */
    public Admin admin(Duration timeout) {
        Map<String, Object> config = clientConfig();
        config.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, (int) timeout.toMillis());
        config.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) timeout.toMillis());
        return Admin.create(config);
    }

    /** A new, modifiable client configuration: the client properties and the bootstrap servers. */
    public Map<String, Object> clientConfig() {
        Map<String, Object> config = new HashMap<>(clientProperties.asMap());
        config.put(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        return config;
    }
}
