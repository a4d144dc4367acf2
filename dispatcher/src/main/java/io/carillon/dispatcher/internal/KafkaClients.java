package io.carillon.dispatcher.internal;

import io.carillon.topics.KafkaClientTimeouts;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.CooperativeStickyAssignor;
import org.apache.kafka.clients.consumer.GroupProtocol;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

/** Creates the dispatcher's Kafka clients from its settings. */
final class KafkaClients {

    /** Heartbeats per session timeout, so that members learn of a rebalance quickly. */
    static final int HEARTBEATS_PER_SESSION = 6;
    /**
     * Fires taken per poll, ten times Kafka's 500. Each loop iteration that dispatches anything commits a
     * transaction, and the loop waits for it: {@code sendOffsetsToTransaction} and {@code commitTransaction} blocked
     * it about 100 ms per transaction (JFR thread parks, bench {@code steady --jobs 10000}, load 30). With 500 fires a
     * poll a dispatcher that had fallen behind caught up at 500 fires a transaction, about 3,500 fires/s, whatever its
     * CPU; the bite is bounded by the fetch (1 MiB a partition) and its work takes tens of milliseconds, well inside
     * the trigger lead.
     */
    static final int FIRES_MAX_POLL_RECORDS = 5_000;

    private KafkaClients() {}

    /**
     * The group member reading {@code fires}: read_committed, offsets committed only through transactions; a static
     * member when the dispatcher has an instance id.
     */
    static KafkaConsumer<String, byte[]> firesConsumer(DispatcherSettings settings) {
        return new KafkaConsumer<>(
                firesConsumerConfig(settings), new StringDeserializer(), new ByteArrayDeserializer());
    }

    static Map<String, Object> firesConsumerConfig(DispatcherSettings settings) {
        Map<String, Object> config = new HashMap<>();
        int sessionTimeoutMs = (int) settings.sessionTimeout().toMillis();
        config.put(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG, sessionTimeoutMs);
        config.put(ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG, sessionTimeoutMs / HEARTBEATS_PER_SESSION);
        config.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, FIRES_MAX_POLL_RECORDS);
        config.putAll(common(settings));
        config.put(ConsumerConfig.GROUP_ID_CONFIG, settings.groupId());
        if (settings.instanceId() != null) {
            config.put(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG, settings.instanceId());
        }
        config.put(
                ConsumerConfig.GROUP_PROTOCOL_CONFIG,
                GroupProtocol.CLASSIC.name().toLowerCase());
        config.put(ConsumerConfig.PARTITION_ASSIGNMENT_STRATEGY_CONFIG, CooperativeStickyAssignor.class.getName());
        config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, IsolationLevel.READ_COMMITTED.toString());
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        config.put(CommonClientConfigs.CLIENT_ID_CONFIG, settings.transactionalId() + "-fires");
        return config;
    }

    /** The reader of {@code workers}: no group, partitions assigned by hand. */
    static KafkaConsumer<String, byte[]> workersConsumer(DispatcherSettings settings) {
        Map<String, Object> config = common(settings);
        config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, IsolationLevel.READ_COMMITTED.toString());
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        config.put(CommonClientConfigs.CLIENT_ID_CONFIG, settings.transactionalId() + "-workers");
        return new KafkaConsumer<>(config, new StringDeserializer(), new ByteArrayDeserializer());
    }

    /** The reader of {@code results} (terminal results end BUSYOVER's tracked runs): no group, assigned by hand. */
    static KafkaConsumer<String, byte[]> resultsConsumer(DispatcherSettings settings) {
        Map<String, Object> config = common(settings);
        config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, IsolationLevel.READ_COMMITTED.toString());
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "latest");
        config.put(CommonClientConfigs.CLIENT_ID_CONFIG, settings.transactionalId() + "-results");
        return new KafkaConsumer<>(config, new StringDeserializer(), new ByteArrayDeserializer());
    }

    /** The transactional producer of triggers, results and dead letters. */
    static KafkaProducer<String, Object> producer(DispatcherSettings settings) {
        return new KafkaProducer<>(producerConfig(settings), new StringSerializer(), new EventSerializer());
    }

    /**
     * The producer's configuration. Its records not delivered within the transaction timeout fail the transaction,
     * which the loop aborts and reads its fires again, rather than holding {@code commitTransaction} up to
     * {@code max.block.ms}: the coordinator aborts such a transaction anyway.
     */
    static Map<String, Object> producerConfig(DispatcherSettings settings) {
        Map<String, Object> config = common(settings);
        config.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, settings.transactionalId());
        config.put(ProducerConfig.TRANSACTION_TIMEOUT_CONFIG, (int)
                settings.transactionTimeout().toMillis());
        config.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        config.put(ProducerConfig.ACKS_CONFIG, "all");
        config.put(ProducerConfig.LINGER_MS_CONFIG, 0);
        config.put(CommonClientConfigs.CLIENT_ID_CONFIG, settings.transactionalId());
        KafkaClientTimeouts.deliveryTimeout(
                config, settings.transactionTimeout().toMillis());
        return config;
    }

    static Admin admin(DispatcherSettings settings) {
        Map<String, Object> config = adminConfig(settings);
        config.put(CommonClientConfigs.CLIENT_ID_CONFIG, settings.transactionalId() + "-admin");
        return Admin.create(config);
    }

    /** The admin client's: the client properties given, the cluster; creating a topic may take long. */
    private static Map<String, Object> adminConfig(DispatcherSettings settings) {
        Map<String, Object> config = new HashMap<>(settings.clientProperties().asMap());
        config.put(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, settings.bootstrapServers());
        return config;
    }

    /** A producer's or consumer's: Carillon's client timeouts, then the client properties given, then the cluster. */
    private static Map<String, Object> common(DispatcherSettings settings) {
        Map<String, Object> config = new HashMap<>(KafkaClientTimeouts.defaults());
        config.putAll(adminConfig(settings));
        return config;
    }
}
