package io.carillon.console.internal.kafka;

import io.carillon.topics.KafkaClientTimeouts;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * The console's one Kafka producer (idempotent, acks=all), shared by the outbox relay, run-now and dead letters.
 * Records sent from one thread to one partition keep their order. Thread-safe.
 */
public final class ConsoleProducer implements AutoCloseable {

    private final Producer<String, byte[]> producer;
    private final Duration sendTimeout;

    ConsoleProducer(Producer<String, byte[]> producer, Duration sendTimeout) {
        this.producer = producer;
        this.sendTimeout = sendTimeout;
    }

    /** A producer on {@code clientConfig} (bootstrap servers and client properties) with the console's settings. */
    static ConsoleProducer create(Map<String, Object> clientConfig, Duration sendTimeout) {
        return new ConsoleProducer(
                new KafkaProducer<>(
                        config(clientConfig, sendTimeout), new StringSerializer(), new ByteArraySerializer()),
                sendTimeout);
    }

    /**
     * The producer's configuration: {@link KafkaClientTimeouts}, then {@code clientConfig}, then the console's. A
     * record is not retried past the {@code sendTimeout} its sender waits for it (unless that is shorter than the
     * linger plus the request timeout, which Kafka refuses).
     */
    static Map<String, Object> config(Map<String, Object> clientConfig, Duration sendTimeout) {
        Map<String, Object> config = new HashMap<>(KafkaClientTimeouts.defaults());
        config.putAll(clientConfig);
        config.put(ProducerConfig.CLIENT_ID_CONFIG, "carillon-console");
        config.put(ProducerConfig.ACKS_CONFIG, "all");
        config.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        config.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, sendTimeout.toMillis());
        KafkaClientTimeouts.deliveryTimeout(config, sendTimeout.toMillis());
        return config;
    }

    /** Sends one record (a null value is a tombstone); the future completes with the broker's acknowledgement. */
    public CompletableFuture<RecordMetadata> send(String topic, String key, byte[] value) {
        CompletableFuture<RecordMetadata> acknowledged = new CompletableFuture<>();
        try {
            producer.send(new ProducerRecord<>(topic, key, value), (metadata, error) -> {
                if (error != null) {
                    acknowledged.completeExceptionally(error);
                } else {
                    acknowledged.complete(metadata);
                }
            });
        } catch (RuntimeException e) {
            acknowledged.completeExceptionally(e);
        }
        return acknowledged;
    }

    /** Sends one record and waits for its acknowledgement, at most the send timeout. */
    public RecordMetadata sendAndWait(String topic, String key, byte[] value) {
        return awaitAll(List.of(send(topic, key, value))).get(0);
    }

    /**
     * Waits until every send in {@code sends} is acknowledged, together at most the send timeout.
     *
     * @throws PublishException when one failed or the time ran out
     */
    public List<RecordMetadata> awaitAll(List<CompletableFuture<RecordMetadata>> sends) {
        try {
            CompletableFuture.allOf(sends.toArray(CompletableFuture[]::new))
                    .get(sendTimeout.toMillis(), TimeUnit.MILLISECONDS);
            return sends.stream().map(CompletableFuture::join).toList();
        } catch (ExecutionException e) {
            throw new PublishException("Kafka refused a record: " + e.getCause().getMessage(), e.getCause());
        } catch (TimeoutException e) {
            throw new PublishException("Kafka did not acknowledge within " + sendTimeout, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new PublishException("interrupted while waiting for Kafka", e);
        }
    }

    @Override
    public void close() {
        producer.close(sendTimeout);
    }
}
