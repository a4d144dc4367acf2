package io.carillon.bench.internal;

import io.carillon.topics.EventSerdes;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.events.JobDefinition;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntFunction;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Produces many job definitions to the jobs topic fast: built one at a time (never all in memory), lz4-compressed
 * batches of up to 1 MB lingering 20 ms, acks from all replicas, idempotent; the first failed send fails the whole
 * import. Used by one thread.
 */
final class BulkJobProducer {

    private static final int LINGER_MS = 20;
    private static final int BATCH_BYTES = 1024 * 1024;
    private static final long BUFFER_BYTES = 256L * 1024 * 1024;

    private final Map<String, Object> clientConfig;
    private final TopicCatalog catalog;

    BulkJobProducer(Map<String, Object> clientConfig, TopicCatalog catalog) {
        this.clientConfig = clientConfig;
        this.catalog = catalog;
    }

    /**
     * Produces {@code jobs.apply(i)} for i from 0 to {@code count - 1} and returns once all are acknowledged.
     *
     * @throws IllegalStateException on the first send that failed
     */
    void produce(int count, IntFunction<JobDefinition> jobs) {
        Map<String, Object> config = new HashMap<>(clientConfig);
        config.putAll(Map.of(
                ProducerConfig.CLIENT_ID_CONFIG,
                catalog.prefix() + "bench-bulk-jobs",
                ProducerConfig.ACKS_CONFIG,
                "all",
                ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG,
                true,
                ProducerConfig.COMPRESSION_TYPE_CONFIG,
                "lz4",
                ProducerConfig.LINGER_MS_CONFIG,
                LINGER_MS,
                ProducerConfig.BATCH_SIZE_CONFIG,
                BATCH_BYTES,
                ProducerConfig.BUFFER_MEMORY_CONFIG,
                BUFFER_BYTES));
        AtomicReference<Exception> failure = new AtomicReference<>();
        try (KafkaProducer<String, JobDefinition> producer =
                new KafkaProducer<>(config, new StringSerializer(), EventSerdes.JOB.serializer())) {
            for (int i = 0; i < count && failure.get() == null; i++) {
                JobDefinition job = jobs.apply(i);
                producer.send(new ProducerRecord<>(catalog.jobs(), job.id(), job), (metadata, error) -> {
                    if (error != null) {
                        failure.compareAndSet(null, error);
                    }
                });
            }
            producer.flush();
        }
        if (failure.get() != null) {
            throw new IllegalStateException(
                    "could not produce the jobs to " + catalog.jobs() + ": "
                            + failure.get().getMessage(),
                    failure.get());
        }
    }
}
