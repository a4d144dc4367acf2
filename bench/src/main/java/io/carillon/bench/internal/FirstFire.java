package io.carillon.bench.internal;

import io.carillon.topics.EventSerdes;
import io.carillon.topics.InvalidEventException;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.events.FireAction;
import io.carillon.topics.events.FireEvent;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * Watches {@code fires} (read_committed, no group) from its end at {@link #open} for the first FIRE a planner writes
 * after that moment. Open it before starting the planner; used by one thread.
 */
final class FirstFire implements AutoCloseable {

    private static final Duration POLL = Duration.ofMillis(50);

    private final KafkaConsumer<byte[], byte[]> consumer;

    private FirstFire(KafkaConsumer<byte[], byte[]> consumer) {
        this.consumer = consumer;
    }

    static FirstFire open(Map<String, Object> clientConfig, TopicCatalog catalog) {
        return new FirstFire(fromEnd(clientConfig, catalog.fires()));
    }

    /** A consumer (read_committed, no group) of every partition of {@code topic}, positioned at its end now. */
    static KafkaConsumer<byte[], byte[]> fromEnd(Map<String, Object> clientConfig, String topic) {
        Map<String, Object> config = new HashMap<>(clientConfig);
        config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        KafkaConsumer<byte[], byte[]> consumer =
                new KafkaConsumer<>(config, new ByteArrayDeserializer(), new ByteArrayDeserializer());
        List<TopicPartition> partitions = consumer.partitionsFor(topic).stream()
                .map(info -> new TopicPartition(topic, info.partition()))
                .toList();
        consumer.assign(partitions);
        consumer.seekToEnd(partitions);
        partitions.forEach(consumer::position);
        return consumer;
    }

    /**
     * The first FIRE written after {@link #open}: when it became visible here (its transaction committed) and its
     * emittedAt (when the planner wrote it); null when none came before {@code deadline}.
     */
    Seen await(WallClock clock, Instant deadline) {
        while (clock.now().isBefore(deadline)) {
            for (ConsumerRecord<byte[], byte[]> record : consumer.poll(POLL)) {
                for (FireEvent fire : parse(record.value())) {
                    if (fire.action() == FireAction.FIRE) {
                        Instant seenAt = clock.now();
                        return new Seen(seenAt, fire.emittedAt() != null ? fire.emittedAt() : seenAt);
                    }
                }
            }
        }
        return null;
    }

    /** When the first fire was read and when its planner wrote it. */
    record Seen(Instant seenAt, Instant emittedAt) {}

    /** The fires in {@code value} (one, or a batch), none for a tombstone or a record that is no fire. */
    static List<FireEvent> parse(byte[] value) {
        if (value == null) {
            return List.of();
        }
        try {
            return EventSerdes.FIRES.deserialize(null, value);
        } catch (InvalidEventException e) {
            return List.of();
        }
    }

    @Override
    public void close() {
        consumer.close();
    }
}
