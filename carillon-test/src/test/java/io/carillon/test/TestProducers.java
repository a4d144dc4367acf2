package io.carillon.test;

import java.util.Map;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;

/** The producer the integration tests write Carillon's topics with, as the console and users' tools do. */
final class TestProducers {

    private TestProducers() {}

    /** A producer of string keys and serialized events to {@code carillon}'s broker, acknowledged by all replicas. */
    static KafkaProducer<String, byte[]> of(CarillonExtension carillon) {
        return new KafkaProducer<>(
                Map.of(
                        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        carillon.bootstrapServers(),
                        ProducerConfig.ACKS_CONFIG,
                        "all"),
                new StringSerializer(),
                new ByteArraySerializer());
    }
}
