package io.carillon.planner.internal;

import io.carillon.topics.TopicCatalog;
import java.time.Instant;
import java.util.List;
import org.apache.kafka.common.TopicPartition;

/**
 * The partitions one stream task's verdicts read from, asked of a {@link PartitionReadability}: the task's
 * {@code results} partition for a timeout, and with it the worker's {@code workers} partition (where its heartbeats
 * land, keyed by instance id) for a lost worker. Used by one stream task's thread only.
 */
final class VerdictReadability {

    private final PartitionReadability readability;
    private final TopicPartition results;
    private final String workersTopic;
    private final int workersPartitions;

    VerdictReadability(PartitionReadability readability, TopicCatalog catalog, int taskPartition) {
        this.readability = readability;
        this.results = new TopicPartition(catalog.results(), taskPartition);
        this.workersTopic = catalog.workers();
        this.workersPartitions = catalog.partitions();
    }

    /** Whether the task's results are readable enough to time a run out at now. */
    boolean resultsSettled(Instant now) {
        return readability.settled(List.of(results), now);
    }

    /** Whether the task's results and {@code instance}'s heartbeats are readable enough to call it dead at now. */
    boolean workerSettled(String instance, Instant now) {
        TopicPartition heartbeats =
                new TopicPartition(workersTopic, TopicCatalog.partitionOf(instance, workersPartitions));
        return readability.settled(List.of(results, heartbeats), now);
    }
}
