package io.carillon.bench.internal;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/** Reads a whole topic once, read_committed, without a consumer group, up to its end at the time of the call. */
final class TopicScan {

    private static final Duration READ_DEADLINE = Duration.ofSeconds(60);
    private static final Duration POLL = Duration.ofMillis(200);
    private static final int MAX_POLL_RECORDS = 5000;

    private TopicScan() {}

    /** Calls {@code values} with every committed value of {@code topic}; gives up after 60 s. */
    static void scan(Map<String, Object> clientConfig, String topic, WallClock wallClock, Consumer<byte[]> values) {
        scan(clientConfig, topic, wallClock, READ_DEADLINE, values);
    }

    /**
     * Calls {@code values} with every committed value of {@code topic}; gives up after {@code deadline}.
     *
     * @return whether the end was reached
     */
    static boolean scan(
            Map<String, Object> clientConfig,
            String topic,
            WallClock wallClock,
            Duration readFor,
            Consumer<byte[]> values) {
        Map<String, Object> config = new HashMap<>(clientConfig);
        config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        config.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, MAX_POLL_RECORDS);
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        try (KafkaConsumer<byte[], byte[]> consumer =
                new KafkaConsumer<>(config, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            List<TopicPartition> partitions = consumer.partitionsFor(topic).stream()
                    .map(info -> new TopicPartition(topic, info.partition()))
                    .toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> ends = consumer.endOffsets(partitions);
            Instant deadline = wallClock.now().plus(readFor);
            while (!atEnd(consumer, ends) && wallClock.now().isBefore(deadline)) {
                for (ConsumerRecord<byte[], byte[]> record : consumer.poll(POLL)) {
                    if (record.value() != null) {
                        values.accept(record.value());
                    }
                }
            }
            return atEnd(consumer, ends);
        }
    }

    private static boolean atEnd(KafkaConsumer<byte[], byte[]> consumer, Map<TopicPartition, Long> ends) {
        return ends.entrySet().stream().allMatch(end -> consumer.position(end.getKey()) >= end.getValue());
    }
}
