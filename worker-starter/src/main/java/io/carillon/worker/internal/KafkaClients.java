package io.carillon.worker.internal;

import java.util.HashMap;
import java.util.Map;

import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;

/** The worker's Kafka clients: defaults, then the user's settings, then what the worker depends on. */
final class KafkaClients {

    /** Small, so that STARTED leaves promptly, yet lets a burst of results share a request. */
    private static final int LINGER_MS = 5;

    private KafkaClients() {
    }

    static Admin admin(WorkerSettings settings) {
        return Admin.create(base(settings));
    }

    static KafkaConsumer<byte[], byte[]> triggerConsumer(WorkerSettings settings) {
        Map<String, Object> config = base(settings);
        config.put(ConsumerConfig.CLIENT_ID_CONFIG, clientId(settings, "consumer"));
        config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        config.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, settings.capacity());
        config.putAll(settings.kafkaProperties());
        config.put(ConsumerConfig.GROUP_ID_CONFIG, settings.groupId());
        config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        return new KafkaConsumer<>(config, new ByteArrayDeserializer(), new ByteArrayDeserializer());
    }

    static KafkaProducer<String, byte[]> producer(WorkerSettings settings) {
        Map<String, Object> config = base(settings);
        config.put(ProducerConfig.CLIENT_ID_CONFIG, clientId(settings, "producer"));
        config.put(ProducerConfig.LINGER_MS_CONFIG, LINGER_MS);
        config.putAll(settings.kafkaProperties());
        config.put(ProducerConfig.ACKS_CONFIG, "all");
        config.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        return new KafkaProducer<>(config, new StringSerializer(), new ByteArraySerializer());
    }

    private static Map<String, Object> base(WorkerSettings settings) {
        Map<String, Object> config = new HashMap<>(settings.kafkaProperties());
        config.put(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, settings.bootstrapServers());
        return config;
    }

    private static String clientId(WorkerSettings settings, String role) {
        return "carillon-worker-" + settings.app() + "-" + settings.instanceId() + "-" + role;
    }
}
