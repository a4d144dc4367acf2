package io.carillon.topics.spring;

import org.springframework.boot.context.properties.ConfigurationProperties;

import io.carillon.topics.TopicCatalog;

/** Settings every Carillon component shares: where Kafka is and how the topics are named. */
@ConfigurationProperties("carillon")
public class CarillonProperties {

    private final Kafka kafka = new Kafka();
    private final Topics topics = new Topics();

    public Kafka getKafka() {
        return kafka;
    }

    public Topics getTopics() {
        return topics;
    }

    public static class Kafka {
        /** Kafka bootstrap servers, comma-separated host:port pairs. */
        private String bootstrapServers = "localhost:9092";

        public String getBootstrapServers() { return bootstrapServers; }
        public void setBootstrapServers(String bootstrapServers) { this.bootstrapServers = bootstrapServers; }
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

        public String getPrefix() { return prefix; }
        public void setPrefix(String prefix) { this.prefix = prefix; }
        public int getPartitions() { return partitions; }
        public void setPartitions(int partitions) { this.partitions = partitions; }
        public short getReplicationFactor() { return replicationFactor; }
        public void setReplicationFactor(short replicationFactor) { this.replicationFactor = replicationFactor; }
        public boolean isInitialize() { return initialize; }
        public void setInitialize(boolean initialize) { this.initialize = initialize; }
    }
}
