package io.carillon.planner.internal;

import java.time.Instant;
import java.util.Collection;
import org.apache.kafka.common.TopicPartition;

/**
 * Whether the partitions a verdict on an open run reads from have been readable long enough that the planner has
 * read what they hold: the task's {@code results} partition and its worker's {@code workers} partition. A run's
 * results and its worker's heartbeats held up behind a lost partition leader look like a worker that died; the
 * open-run check asks this before it ends a run LOST or TIMED_OUT. Implementations are called from every stream
 * thread of a planner and must be thread-safe and must not block.
 */
@FunctionalInterface
public interface PartitionReadability {

    /** For a topology whose inputs are always readable, such as one in a {@code TopologyTestDriver}. */
    PartitionReadability ALWAYS = (partitions, now) -> true;

    /**
     * Whether each of {@code partitions} is readable and has been for long enough, as far as known at {@code now};
     * false when that is not known yet (the answer may come at a later call).
     */
    boolean settled(Collection<TopicPartition> partitions, Instant now);
}
