package io.carillon.bench.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.function.Function;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Produces keyed records to one topic with an idempotent producer and returns once every one is acknowledged by all
 * in-sync replicas. Stateless.
 */
final class TopicWriter {

    private static final int LINGER_MS = 5;
    private static final int BATCH_BYTES = 256 * 1024;

    private TopicWriter() {}

    /** Writes each of {@code values} to {@code topic} under the key {@code key} gives it. */
    static <V> void write(
            Map<String, Object> clientConfig,
            String clientId,
            String topic,
            Serializer<V> serializer,
            List<V> values,
            Function<V, String> key) {
        Map<String, Object> config = new HashMap<>(clientConfig);
        config.putAll(Map.of(
                ProducerConfig.CLIENT_ID_CONFIG,
                clientId,
                ProducerConfig.ACKS_CONFIG,
                "all",
                ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG,
                true,
                ProducerConfig.LINGER_MS_CONFIG,
                LINGER_MS,
                ProducerConfig.BATCH_SIZE_CONFIG,
                BATCH_BYTES));
        try (KafkaProducer<String, V> producer = new KafkaProducer<>(config, new StringSerializer(), serializer)) {
            List<Future<RecordMetadata>> sends = new ArrayList<>(values.size());
            for (V value : values) {
                sends.add(producer.send(new ProducerRecord<>(topic, key.apply(value), value)));
            }
            producer.flush();
            for (Future<RecordMetadata> send : sends) {
                send.get();
            }
        } catch (ExecutionException e) {
            throw new IllegalStateException(
                    "could not produce to " + topic + ": " + e.getCause().getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while producing to " + topic, e);
        }
    }
}
