package io.carillon.bench.internal;

import io.carillon.topics.EventSerdes;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.events.JobDefinition;
import java.util.List;
import java.util.Map;

/**
 * Creates jobs by producing their definitions to the jobs topic (key job id), as an import would; the console's
 * database does not learn of them, the planner does. Idempotent producer, acks from all replicas.
 */
final class KafkaJobCreator implements JobCreator {

    private final Map<String, Object> clientConfig;
    private final TopicCatalog catalog;

    KafkaJobCreator(Map<String, Object> clientConfig, TopicCatalog catalog) {
        this.clientConfig = clientConfig;
        this.catalog = catalog;
    }

    @Override
    public void create(List<JobDefinition> jobs) {
        TopicWriter.write(
                clientConfig,
                catalog.prefix() + "bench-job-creator",
                catalog.jobs(),
                EventSerdes.JOB.serializer(),
                jobs,
                JobDefinition::id);
    }
}
