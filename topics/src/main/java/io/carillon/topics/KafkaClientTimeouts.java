package io.carillon.topics;

import java.util.Map;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.producer.ProducerConfig;

/**
 * The timeouts Carillon's producers and consumers start from in place of Kafka's, so that a broker cut off or dead
 * costs its clients seconds rather than Kafka's 30 s request timeout: a client waits that long for the answer to a
 * request already sent to the lost broker before it drops the connection, reads the cluster's metadata again and
 * sends to the partition's new leader. Each is the weakest setting of its client: a client property of the same
 * name wins. Stateless.
 */
public final class KafkaClientTimeouts {

    /**
     * {@code request.timeout.ms} of producers and consumers (Kafka's: 30 s): how long a client waits for a broker's
     * answer before it gives the connection up and sends again, to the partition's leader of the time. Far above the
     * few milliseconds a healthy broker takes, also for a produce request with {@code acks=all} that waits for the
     * replicas; a request timed out is sent again by the idempotent producer, which the broker does not append twice.
     */
    public static final int REQUEST_TIMEOUT_MS = 5_000;
    /**
     * {@code socket.connection.setup.timeout.ms} (Kafka's: 10 s): how long a first connection attempt to a broker
     * may take, TLS and SASL included. A client learns a partition's new leader when an attempt to reach the lost one
     * fails, so this bounds how late it learns it once the controller has moved the leadership.
     */
    public static final int CONNECTION_SETUP_TIMEOUT_MS = 2_000;
    /**
     * {@code socket.connection.setup.timeout.max.ms} (Kafka's: 30 s): the longest a connection attempt may take
     * after failed ones (each failure doubles the previous limit).
     */
    public static final int CONNECTION_SETUP_TIMEOUT_MAX_MS = 5_000;

    private KafkaClientTimeouts() {}

    /** The timeouts of a producer or consumer, by their Kafka names; unmodifiable. */
    public static Map<String, Object> defaults() {
        return Map.of(
                CommonClientConfigs.REQUEST_TIMEOUT_MS_CONFIG,
                REQUEST_TIMEOUT_MS,
                CommonClientConfigs.SOCKET_CONNECTION_SETUP_TIMEOUT_MS_CONFIG,
                CONNECTION_SETUP_TIMEOUT_MS,
                CommonClientConfigs.SOCKET_CONNECTION_SETUP_TIMEOUT_MAX_MS_CONFIG,
                CONNECTION_SETUP_TIMEOUT_MAX_MS);
    }

    /**
     * Sets {@code delivery.timeout.ms} of the producer configured by {@code config} to {@code wantedMs}, or to its
     * {@code linger.ms} plus {@code request.timeout.ms} where that is more (Kafka refuses a producer whose delivery
     * timeout is shorter); a delivery timeout already in {@code config} is kept.
     */
    public static void deliveryTimeout(Map<String, Object> config, long wantedMs) {
        if (config.containsKey(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG)) {
            return;
        }
        long leastMs = millis(config, ProducerConfig.LINGER_MS_CONFIG)
                + millis(config, CommonClientConfigs.REQUEST_TIMEOUT_MS_CONFIG);
        config.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, (int)
                Math.min(Integer.MAX_VALUE, Math.max(wantedMs, leastMs)));
    }

    /** The producer's setting {@code name} in {@code config}, else Kafka's default. */
    private static long millis(Map<String, Object> config, String name) {
        Object value = config.get(name);
        if (value == null) {
            value = ProducerConfig.configDef().defaultValues().get(name);
        }
        return Long.parseLong(value.toString().strip());
    }
}
