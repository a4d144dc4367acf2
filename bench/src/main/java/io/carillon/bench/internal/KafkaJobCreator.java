package io.carillon.bench.internal;

import io.carillon.topics.EventSerdes;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.events.JobDefinition;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Creates jobs by producing their definitions to the jobs topic (key job id), as an import would; the console's
 * database does not learn of them, the planner does. Idempotent producer, acks from all replicas.
 */
final class KafkaJobCreator implements JobCreator {

    private static final int LINGER_MS = 5;
    private static final int BATCH_BYTES = 256 * 1024;

    private final Map<String, Object> clientConfig;
    private final TopicCatalog catalog;

    KafkaJobCreator(Map<String, Object> clientConfig, TopicCatalog catalog) {
        this.clientConfig = clientConfig;
        this.catalog = catalog;
    }

    @Override
    public void create(List<JobDefinition> jobs) {
        Map<String, Object> config = new HashMap<>(clientConfig);
        config.putAll(Map.of(
                ProducerConfig.CLIENT_ID_CONFIG,
                catalog.prefix() + "bench-job-creator",
                ProducerConfig.ACKS_CONFIG,
                "all",
                ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG,
                true,
                ProducerConfig.LINGER_MS_CONFIG,
                LINGER_MS,
                ProducerConfig.BATCH_SIZE_CONFIG,
                BATCH_BYTES));
        try (KafkaProducer<String, JobDefinition> producer =
                new KafkaProducer<>(config, new StringSerializer(), EventSerdes.JOB.serializer())) {
            List<Future<RecordMetadata>> sends = new ArrayList<>(jobs.size());
            for (JobDefinition job : jobs) {
                sends.add(producer.send(new ProducerRecord<>(catalog.jobs(), job.id(), job)));
            }
            producer.flush();
            for (Future<RecordMetadata> send : sends) {
                send.get();
            }
        } catch (ExecutionException e) {
            throw new IllegalStateException(
                    "could not produce the jobs to " + catalog.jobs() + ": "
                            + e.getCause().getMessage(),
                    e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while producing jobs", e);
        }
    }
}
