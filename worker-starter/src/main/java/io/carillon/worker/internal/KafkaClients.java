package io.carillon.worker.internal;

import io.carillon.topics.KafkaClientTimeouts;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.CooperativeStickyAssignor;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * The worker's Kafka clients: defaults (the producers' and consumers' with {@link KafkaClientTimeouts}), then the
 * user's settings, then what the worker depends on.
 */
final class KafkaClients {

    /** Small, so that STARTED leaves promptly, yet lets a burst of results share a request. */
    private static final int LINGER_MS = 5;
    /**
     * Room for an instant's claims and results per partition and request (Kafka's default is 16 KiB, about 40
     * results): a worker claiming 10,000 runs at once sends them in a few requests rather than hundreds.
     */
    static final int RESULTS_BATCH_BYTES = 256 * 1024;
    /** Log lines are not urgent: waiting longer lets a chatty handler's lines share few, full requests. */
    static final int LOG_LINGER_MS = 50;
    /** Room for a few hundred typical log lines per partition and request. */
    static final int LOG_BATCH_BYTES = 256 * 1024;
    /**
     * Triggers taken per poll at least: early triggers wait without a run slot, so a second's fires sent a trigger
     * lead ahead are taken in a few polls rather than {@code capacity} at a time (what the executor cannot take
     * waits in the loop's pending queue, partitions paused). Each poll of due triggers costs a claim and a commit,
     * two round trips, so a worker behind takes many at once: bench burst (100,000 runs due at one instant) drained in
     * 14.6 and 15.6 s with 2,000 a poll, 13.3 and 12.6 s with 10,000; with 500 a poll a worker given 10,000 fires a
     * second falls seconds behind.
     */
    static final int MIN_MAX_POLL_RECORDS = 10_000;
    /**
     * A killed worker's trigger partitions move to the other instances after this, not after Kafka's default 45 s:
     * the triggers it held unclaimed start that much late. The brokers' smallest unless set
     * ({@code group.min.session.timeout.ms}), as the planner's and the dispatcher's defaults; a
     * {@code session.timeout.ms} Kafka property of the worker wins.
     */
    static final int SESSION_TIMEOUT_MS = 6_000;

    static final int HEARTBEAT_INTERVAL_MS = 1_000;

    private KafkaClients() {}

    static Admin admin(WorkerSettings settings) {
        return Admin.create(base(settings));
    }

    static KafkaConsumer<byte[], byte[]> triggerConsumer(WorkerSettings settings) {
        return new KafkaConsumer<>(
                triggerConsumerConfig(settings), new ByteArrayDeserializer(), new ByteArrayDeserializer());
    }

    /** The trigger consumer's configuration: the worker's defaults, the user's settings, then what it depends on. */
    static Map<String, Object> triggerConsumerConfig(WorkerSettings settings) {
        Map<String, Object> config = base(settings);
        config.put(ConsumerConfig.CLIENT_ID_CONFIG, clientId(settings, "consumer"));
        config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        config.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, Math.max(settings.capacity(), MIN_MAX_POLL_RECORDS));
        config.put(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG, SESSION_TIMEOUT_MS);
        config.put(ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG, HEARTBEAT_INTERVAL_MS);
        config.put(ConsumerConfig.PARTITION_ASSIGNMENT_STRATEGY_CONFIG, CooperativeStickyAssignor.class.getName());
        config.putAll(KafkaClientTimeouts.defaults());
        config.putAll(settings.kafkaProperties());
        config.put(ConsumerConfig.GROUP_ID_CONFIG, settings.groupId());
        config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        return config;
    }

    /**
     * Reads {@code control} without a consumer group: every instance sees every command. Positions are set by the
     * caller (the end of the topic), so there is no offset reset and nothing is committed.
     */
    static KafkaConsumer<byte[], byte[]> controlConsumer(WorkerSettings settings) {
        Map<String, Object> config = base(settings);
        config.put(ConsumerConfig.CLIENT_ID_CONFIG, clientId(settings, "control"));
        config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "latest");
        config.putAll(KafkaClientTimeouts.defaults());
        config.putAll(settings.kafkaProperties());
        config.remove(ConsumerConfig.GROUP_ID_CONFIG);
        config.remove(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG);
        config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        return new KafkaConsumer<>(config, new ByteArrayDeserializer(), new ByteArrayDeserializer());
    }

    /** The producer of results, heartbeats and dead letters. */
    static KafkaProducer<String, byte[]> producer(WorkerSettings settings) {
        return new KafkaProducer<>(
                producerConfig(settings, "producer", LINGER_MS, RESULTS_BATCH_BYTES),
                new StringSerializer(),
                new ByteArraySerializer());
    }

    /** The producer of log lines: lingers longer and batches more, so that a handler's lines travel together. */
    static KafkaProducer<String, byte[]> logProducer(WorkerSettings settings) {
        return new KafkaProducer<>(logProducerConfig(settings), new StringSerializer(), new ByteArraySerializer());
    }

    static Map<String, Object> logProducerConfig(WorkerSettings settings) {
        return producerConfig(settings, "logs", LOG_LINGER_MS, LOG_BATCH_BYTES);
    }

    /**
     * Idempotent with acks=all: records of one key keep the order in which they were sent, through retries. That is
     * what keeps a run's log lines in {@code seq} order.
     */
    private static Map<String, Object> producerConfig(
            WorkerSettings settings, String role, int lingerMs, Integer batchBytes) {
        Map<String, Object> config = base(settings);
        config.put(ProducerConfig.CLIENT_ID_CONFIG, clientId(settings, role));
        config.put(ProducerConfig.LINGER_MS_CONFIG, lingerMs);
        if (batchBytes != null) {
            config.put(ProducerConfig.BATCH_SIZE_CONFIG, batchBytes);
        }
        config.putAll(KafkaClientTimeouts.defaults());
        config.putAll(settings.kafkaProperties());
        config.put(ProducerConfig.ACKS_CONFIG, "all");
        config.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        return config;
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
