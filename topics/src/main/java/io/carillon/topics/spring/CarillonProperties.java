package io.carillon.topics.spring;

import io.carillon.topics.TopicCatalog;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.boot.context.properties.ConfigurationProperties;

/** Settings every Carillon component shares: where Kafka is, how to connect to it, and how the topics are named. */
@ConfigurationProperties("carillon")
public class CarillonProperties {

    private final Kafka kafka = new Kafka();
    private final Topics topics = new Topics();
    private final Metrics metrics = new Metrics();

    public Kafka getKafka() {
        return kafka;
    }

    public Topics getTopics() {
        return topics;
    }

    public Metrics getMetrics() {
        return metrics;
    }

    public static class Kafka {
        /** Kafka bootstrap servers, comma-separated host:port pairs. */
        private String bootstrapServers = "localhost:9092";
        /**
         * Kafka client properties given to every Kafka client of the component (producers, consumers, admin clients,
         * Kafka Streams), for example security.protocol, sasl.mechanism, sasl.jaas.config, ssl.truststore.location.
         * They win over Carillon's tuning defaults; the settings its guarantees rest on (isolation.level,
         * enable.idempotence, acks, transactional.id, processing.guarantee, group ids and the others listed in
         * KafkaClientProperties.PROTECTED) are refused at start.
         */
        private final Map<String, String> properties = new LinkedHashMap<>();

        public String getBootstrapServers() {
            return bootstrapServers;
        }

        public void setBootstrapServers(String bootstrapServers) {
            this.bootstrapServers = bootstrapServers;
        }

        public Map<String, String> getProperties() {
            return properties;
        }
    }

    public static class Topics {
        /** Prefix of every topic name. */
        private String prefix = TopicCatalog.DEFAULT_PREFIX;
        /** Partitions of the co-partitioned topics (jobs, requests, fires, results) and the others. */
        private int partitions = TopicCatalog.DEFAULT_PARTITIONS;
        /** Replication factor of topics Carillon creates. */
        private short replicationFactor = TopicCatalog.DEFAULT_REPLICATION_FACTOR;
        /** Whether to create missing topics and check partition counts at start-up. */
        private boolean initialize = true;

        public String getPrefix() {
            return prefix;
        }

        public void setPrefix(String prefix) {
            this.prefix = prefix;
        }

        public int getPartitions() {
            return partitions;
        }

        public void setPartitions(int partitions) {
            this.partitions = partitions;
        }

        public short getReplicationFactor() {
            return replicationFactor;
        }

        public void setReplicationFactor(short replicationFactor) {
            this.replicationFactor = replicationFactor;
        }

        public boolean isInitialize() {
            return initialize;
        }

        public void setInitialize(boolean initialize) {
            this.initialize = initialize;
        }
    }

    /** Settings of the consumer-lag meter; plain values, so that a service without Micrometer binds them too. */
    public static class Metrics {

        static final Duration DEFAULT_CONSUMER_LAG_INTERVAL = Duration.ofSeconds(30);
        static final int DEFAULT_CONSUMER_LAG_MAX_GROUPS = 100;

        /**
         * Consumer groups whose lag this process measures ({@code carillon.consumer.lag}), relative to the topic
         * prefix: {@code dispatcher} is {@code <prefix>dispatcher}, {@code trigger.*} every group whose id starts with
         * {@code <prefix>trigger.}. Each runnable part sets its own groups; empty measures none.
         */
        private List<String> consumerLagGroups = new ArrayList<>();
        /** How often the lag of those groups is read from the cluster with the admin client. */
        private Duration consumerLagInterval = DEFAULT_CONSUMER_LAG_INTERVAL;
        /** The most consumer groups measured, so that the number of series stays bounded. */
        private int consumerLagMaxGroups = DEFAULT_CONSUMER_LAG_MAX_GROUPS;

        public List<String> getConsumerLagGroups() {
            return consumerLagGroups;
        }

        public void setConsumerLagGroups(List<String> consumerLagGroups) {
            this.consumerLagGroups = consumerLagGroups;
        }

        public Duration getConsumerLagInterval() {
            return consumerLagInterval;
        }

        public void setConsumerLagInterval(Duration consumerLagInterval) {
            this.consumerLagInterval = consumerLagInterval;
        }

        public int getConsumerLagMaxGroups() {
            return consumerLagMaxGroups;
        }

        public void setConsumerLagMaxGroups(int consumerLagMaxGroups) {
            this.consumerLagMaxGroups = consumerLagMaxGroups;
        }
    }
}
