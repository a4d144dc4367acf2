package io.carillon.testkit;

import java.time.Duration;
import java.util.ArrayList;
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
    private final Deserializer<V> deserializer;
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
        this.deserializer = deserializer;
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
            records.add(new ConsumerRecord<>(
                    record.topic(),
                    record.partition(),
                    record.offset(),
                    record.key(),
                    deserializer.deserialize(record.topic(), record.value())));
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
}
