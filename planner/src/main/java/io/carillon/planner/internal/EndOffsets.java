package io.carillon.planner.internal;

import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import org.apache.kafka.common.TopicPartition;

/** Asks the partitions' leaders for their end offsets: each partition's answer completes normally once its leader gave it. */
@FunctionalInterface
interface EndOffsets extends AutoCloseable {

    /**
     * One answer per partition of {@code partitions}, each completing exceptionally when its leader did not answer
     * within {@code timeout} or answered with an error. Must not block.
     */
    Map<TopicPartition, CompletionStage<?>> list(Set<TopicPartition> partitions, Duration timeout);

    /** Releases what the answers needed; later questions fail. */
    @Override
    default void close() {}
}
