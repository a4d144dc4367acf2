package io.carillon.bench.internal;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListOffsetsResult.ListOffsetsResultInfo;
import org.apache.kafka.clients.admin.ListTopicsOptions;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.TopicPartition;

/**
 * The end offsets of every topic of the cluster (Kafka's internal ones included), summed over partitions: two
 * snapshots around a window tell how many log entries each topic took per fire, transaction markers included.
 * Opens an admin client per snapshot; used by one thread.
 */
final class TopicOffsets {

    private static final double HUNDREDTHS = 100;

    private TopicOffsets() {}

    /** Per topic, the sum of its partitions' end offsets now. */
    static Map<String, Long> snapshot(Map<String, Object> clientConfig) {
        try (Admin admin = Admin.create(clientConfig)) {
            var names = admin.listTopics(new ListTopicsOptions().listInternal(true))
                    .names()
                    .get();
            Map<String, TopicDescription> topics =
                    admin.describeTopics(names).allTopicNames().get();
            List<TopicPartition> partitions = topics.values().stream()
                    .flatMap(topic ->
                            topic.partitions().stream().map(info -> new TopicPartition(topic.name(), info.partition())))
                    .toList();
            Map<TopicPartition, ListOffsetsResultInfo> ends = admin.listOffsets(partitions.stream()
                            .collect(Collectors.toMap(partition -> partition, partition -> OffsetSpec.latest())))
                    .all()
                    .get();
            return ends.entrySet().stream()
                    .collect(Collectors.groupingBy(
                            entry -> entry.getKey().topic(),
                            TreeMap::new,
                            Collectors.summingLong(entry -> entry.getValue().offset())));
        } catch (ExecutionException e) {
            throw new IllegalStateException(
                    "could not read the topics' end offsets: " + e.getCause().getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while reading the topics' end offsets", e);
        }
    }

    /**
     * Per topic that grew between {@code before} and {@code after}, its growth per fire (to two decimals), named
     * without {@code prefix}; empty when nothing fired.
     */
    static Map<String, Double> perFire(Map<String, Long> before, Map<String, Long> after, String prefix, long fires) {
        Map<String, Double> perFire = new TreeMap<>();
        if (fires == 0) {
            return perFire;
        }
        after.forEach((topic, end) -> {
            long grown = end - before.getOrDefault(topic, 0L);
            if (grown > 0) {
                String name = topic.startsWith(prefix) ? topic.substring(prefix.length()) : topic;
                perFire.put(name, Math.round(grown * HUNDREDTHS / fires) / HUNDREDTHS);
            }
        });
        return perFire;
    }
}
