package io.carillon.test.internal;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * Reads one topic's committed records from the beginning, without a consumer group: each {@link #poll} returns the
 * values that arrived since the last. Not thread-safe.
 */
public final class TopicTail<V> implements AutoCloseable {

    private final KafkaConsumer<String, byte[]> consumer;
    private final Deserializer<V> deserializer;

    public TopicTail(String bootstrapServers, String topic, Deserializer<V> deserializer) {
        this.deserializer = deserializer;
        this.consumer = new KafkaConsumer<>(
                Map.of(
                        ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        bootstrapServers,
                        ConsumerConfig.ISOLATION_LEVEL_CONFIG,
                        "read_committed",
                        ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG,
                        false),
                new StringDeserializer(),
                new ByteArrayDeserializer());
        List<TopicPartition> partitions = consumer.partitionsFor(topic).stream()
                .map(info -> new TopicPartition(topic, info.partition()))
                .toList();
        consumer.assign(partitions);
        consumer.seekToBeginning(partitions);
    }

    /** The values that arrived since the last poll, waiting at most {@code wait} for the first; tombstones left out. */
    public List<V> poll(Duration wait) {
        List<V> values = new ArrayList<>();
        for (ConsumerRecord<String, byte[]> record : consumer.poll(wait)) {
            if (record.value() != null) {
                values.add(deserializer.deserialize(record.topic(), record.value()));
            }
        }
        return values;
    }

    @Override
    public void close() {
        consumer.close();
    }
}
