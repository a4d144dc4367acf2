package io.carillon.testkit;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * Reads the committed records of one topic from the beginning, for assertions. Each call to {@link #poll()} adds
 * what arrived since the last call; not thread-safe.
 */
public final class TopicReader<V> implements AutoCloseable {

    private static final Duration POLL = Duration.ofMillis(100);

    private final KafkaConsumer<String, byte[]> consumer;
    private final Decoder<V> decoder;
    private final List<ConsumerRecord<String, V>> records = new ArrayList<>();

    /** A reader of {@code topic} on the shared {@link TestKafka} broker. */
    public TopicReader(String topic, Deserializer<V> deserializer) {
        this(Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, TestKafka.bootstrapServers()), topic, deserializer);
    }

    /**
     * A reader of {@code topic} on the cluster of {@code clientConfig}: bootstrap servers and any client property
     * (a SASL login, for example).
     */
    public TopicReader(Map<String, Object> clientConfig, String topic, Deserializer<V> deserializer) {
        this(clientConfig, topic, (Decoder<V>)
                (name, bytes) -> Collections.singletonList(deserializer.deserialize(name, bytes)));
    }

    /**
     * A reader of {@code topic} on the shared {@link TestKafka} broker whose records each hold one or several values
     * ({@code fires} and trigger topics, read with {@code EventSerdes.FIRES} or {@code TRIGGERS}): every value is a
     * record of its own here, at the offset of the record that carried it.
     */
    public static <V> TopicReader<V> ofBatches(String topic, Deserializer<List<V>> deserializer) {
        return ofBatches(
                Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, TestKafka.bootstrapServers()), topic, deserializer);
    }

    /** {@link #ofBatches(String, Deserializer)} on the cluster of {@code clientConfig}. */
    public static <V> TopicReader<V> ofBatches(
            Map<String, Object> clientConfig, String topic, Deserializer<List<V>> deserializer) {
        Decoder<V> decoder = (name, bytes) -> {
            List<V> values = deserializer.deserialize(name, bytes);
            return values == null ? Collections.singletonList(null) : values;
        };
        return new TopicReader<V>(clientConfig, topic, decoder);
    }

    private TopicReader(Map<String, Object> clientConfig, String topic, Decoder<V> decoder) {
        this.decoder = decoder;
        Map<String, Object> config = new HashMap<>(clientConfig);
        config.put(ConsumerConfig.GROUP_ID_CONFIG, "test-reader-" + UUID.randomUUID());
        config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        this.consumer = new KafkaConsumer<>(config, new StringDeserializer(), new ByteArrayDeserializer());
        consumer.subscribe(List.of(topic));
    }

    /** Polls once and returns every record read so far, values deserialized. */
    public List<ConsumerRecord<String, V>> poll() {
        for (ConsumerRecord<String, byte[]> record : consumer.poll(POLL)) {
            for (V value : decoder.decode(record.topic(), record.value())) {
                records.add(
                        new ConsumerRecord<>(record.topic(), record.partition(), record.offset(), record.key(), value));
            }
        }
        return List.copyOf(records);
    }

    /** The values read so far (after one more poll). */
    public List<V> values() {
        return poll().stream().map(ConsumerRecord::value).toList();
    }

    @Override
    public void close() {
        consumer.close();
    }

    /** The values one record holds. */
    @FunctionalInterface
    private interface Decoder<V> {
        List<V> decode(String topic, byte[] value);
    }
}
