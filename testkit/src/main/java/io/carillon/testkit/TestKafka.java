package io.carillon.testkit;

import io.carillon.broker.KafkaBroker;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.TopicInitializer;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * The real in-process Kafka broker shared by the tests of one JVM, started on first use. Tests stay apart by using
 * their own topic prefix: {@link #newCatalog(int)} gives a catalog with a unique prefix and creates its topics.
 */
public final class TestKafka {

    private static KafkaBroker broker;

    private TestKafka() {}

    /** The broker's bootstrap servers, starting the broker if this is the first call. */
    public static synchronized String bootstrapServers() {
        if (broker == null) {
            broker = KafkaBroker.builder().start();
            Runtime.getRuntime().addShutdownHook(new Thread(broker::close, "test-kafka-stop"));
        }
        return broker.bootstrapServers();
    }

    /** A catalog with a prefix no other test uses, with its core topics created. */
    public static TopicCatalog newCatalog(int partitions) {
        TopicCatalog catalog =
                new TopicCatalog("t" + UUID.randomUUID().toString().substring(0, 8) + ".", partitions, (short) 1);
        try (Admin admin = admin()) {
            new TopicInitializer(admin).ensure(catalog.coreTopics());
        }
        return catalog;
    }

    /** A new producer with string keys, waiting for every replica ({@code acks=all}); the caller closes it. */
    public static <V> KafkaProducer<String, V> producer(Serializer<V> values) {
        return new KafkaProducer<>(
                Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers(), ProducerConfig.ACKS_CONFIG, "all"),
                new StringSerializer(),
                values);
    }

    /** A new admin client; the caller closes it. */
    public static Admin admin() {
        return Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers()));
    }
}
