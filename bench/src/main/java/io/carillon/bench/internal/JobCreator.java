package io.carillon.bench.internal;

import io.carillon.topics.events.JobDefinition;
import java.util.List;

/** Creates the workload's jobs; returns once every job is accepted. Used by one thread. */
public interface JobCreator {

    /**
     * Creates {@code jobs}.
     *
     * @throws IllegalStateException naming the first job that was refused, and why
     */
    void create(List<JobDefinition> jobs);

    /** A creator for {@code route} on {@code cluster}. */
    static JobCreator of(JobRoute route, BenchCluster cluster) {
        return switch (route) {
            case REST -> new RestJobCreator(cluster.consolePort(), cluster.consolePassword());
            case KAFKA -> new KafkaJobCreator(cluster.clientConfig(), cluster.catalog());
        };
    }
}
