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

/**
 * How far a consumer group (a Kafka Streams application: the planner on the jobs topic, the analytics app on the
 * results topic) has read a topic: its committed offsets against the topic's end offsets. Opens an admin client per
 * call; used by one thread.
 */
final class GroupLag {

    private final Map<String, Object> clientConfig;
    private final String group;
    private final String topic;

    GroupLag(Map<String, Object> clientConfig, String group, String topic) {
        this.clientConfig = clientConfig;
        this.group = group;
        this.topic = topic;
    }

    /** Records of the topic the group has not committed yet (all of them before its first commit). */
    long remaining() {
        try (Admin admin = Admin.create(clientConfig)) {
            List<TopicPartition> partitions =
                    admin.describeTopics(List.of(topic)).allTopicNames().get().get(topic).partitions().stream()
                            .map(info -> new TopicPartition(topic, info.partition()))
                            .toList();
            Map<TopicPartition, ListOffsetsResultInfo> ends = admin.listOffsets(partitions.stream()
                            .collect(Collectors.toMap(partition -> partition, partition -> OffsetSpec.latest())))
                    .all()
                    .get();
            Map<TopicPartition, OffsetAndMetadata> committed = admin.listConsumerGroupOffsets(group)
                    .partitionsToOffsetAndMetadata()
                    .get();
            long remaining = 0;
            for (TopicPartition partition : partitions) {
                OffsetAndMetadata offset = committed.get(partition);
                remaining += ends.get(partition).offset() - (offset == null ? 0 : offset.offset());
            }
            return remaining;
        } catch (ExecutionException e) {
            throw new IllegalStateException(
                    "could not read the progress of " + group + " on " + topic + ": "
                            + e.getCause().getMessage(),
                    e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while reading the progress of " + group, e);
        }
    }
}
