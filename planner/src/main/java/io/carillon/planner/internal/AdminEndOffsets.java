package io.carillon.planner.internal;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListOffsetsOptions;
import org.apache.kafka.clients.admin.ListOffsetsResult;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;

/**
 * {@link EndOffsets} over a Kafka {@link Admin} client ({@code listOffsets} for the latest offsets), created at the
 * first question, so a planner that never has to ask holds no connections for it. Thread-safe.
 */
final class AdminEndOffsets implements EndOffsets, AutoCloseable {

    private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(1);

    private final Map<String, Object> config;
    private Admin admin;
    private boolean closed;

    AdminEndOffsets(Map<String, Object> config) {
        this.config = Map.copyOf(config);
    }

    @Override
    public synchronized Map<TopicPartition, CompletionStage<?>> list(Set<TopicPartition> partitions, Duration timeout) {
        if (closed) {
            throw new IllegalStateException("closed");
        }
        if (admin == null) {
            admin = Admin.create(config);
        }
        Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
        partitions.forEach(partition -> latest.put(partition, OffsetSpec.latest()));
        ListOffsetsResult result =
                admin.listOffsets(latest, new ListOffsetsOptions().timeoutMs(Math.toIntExact(timeout.toMillis())));
        Map<TopicPartition, CompletionStage<?>> answers = new HashMap<>();
        partitions.forEach(partition ->
                answers.put(partition, result.partitionResult(partition).toCompletionStage()));
        return answers;
    }

    @Override
    public synchronized void close() {
        closed = true;
        if (admin != null) {
            admin.close(CLOSE_TIMEOUT);
        }
    }
}
