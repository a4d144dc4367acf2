package io.carillon.bench.internal;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.stream.Collectors;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListOffsetsResult.ListOffsetsResultInfo;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

import io.carillon.topics.TopicCatalog;

/**
 * How far the planner has read the jobs topic: the committed offsets of its Kafka Streams application (consumer
 * group {@code <prefix>planner}) against the topic's end offsets. Opens an admin client per call; used by one
 * thread.
 */
final class PlannerIntake {

    private final Map<String, Object> clientConfig;
    private final TopicCatalog catalog;

    PlannerIntake(Map<String, Object> clientConfig, TopicCatalog catalog) {
        this.clientConfig = clientConfig;
        this.catalog = catalog;
    }

    /** Records of the jobs topic the planner has not committed yet (all of them before its first commit). */
    long remaining() {
        try (Admin admin = Admin.create(clientConfig)) {
            List<TopicPartition> partitions = admin.describeTopics(List.of(catalog.jobs())).allTopicNames().get()
                    .get(catalog.jobs()).partitions().stream()
                    .map(info -> new TopicPartition(catalog.jobs(), info.partition())).toList();
            Map<TopicPartition, ListOffsetsResultInfo> ends = admin.listOffsets(partitions.stream()
                    .collect(Collectors.toMap(partition -> partition, partition -> OffsetSpec.latest()))).all().get();
            Map<TopicPartition, OffsetAndMetadata> committed = admin.listConsumerGroupOffsets(
                    catalog.prefix() + "planner").partitionsToOffsetAndMetadata().get();
            long remaining = 0;
            for (TopicPartition partition : partitions) {
                OffsetAndMetadata offset = committed.get(partition);
                remaining += ends.get(partition).offset() - (offset == null ? 0 : offset.offset());
            }
            return remaining;
        } catch (ExecutionException e) {
            throw new IllegalStateException("could not read the planner's progress on " + catalog.jobs() + ": "
                    + e.getCause().getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while reading the planner's progress", e);
        }
    }
}
