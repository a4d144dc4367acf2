package io.carillon.planner.internal;

import java.time.Duration;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.streams.processor.TimestampExtractor;

/**
 * The timestamp extractor of the {@code jobs} and {@code requests} sources: the record's own timestamp moved
 * {@link #AHEAD} earlier (not below 0).
 *
 * <p>A stream task picks its next record among its co-partitioned {@code jobs}, {@code requests} and {@code results}
 * partitions by the lowest timestamp. Results are by far the largest input (a STARTED and a terminal result for
 * every fire): a task that is behind on them would otherwise take a new job, or a request, only once it had worked
 * through every result written before it, so a job created while the planner is busy would wait behind the whole
 * results backlog. Moved an hour earlier, jobs and requests go ahead of every result written up to an hour before
 * them, and keep their order among themselves. Earlier, not later: Kafka Streams stamps the changelog records a
 * record causes with its timestamp, and the broker rejects timestamps too far in the future. The planner uses no
 * record timestamp otherwise (it reads time from its clock and writes its output with the clock's time). Stateless;
 * any thread.
 */
public final class AheadOfResults implements TimestampExtractor {

    /** How far ahead of results of the same instant jobs and requests are taken. */
    static final long AHEAD = Duration.ofHours(1).toMillis();

    @Override
    public long extract(ConsumerRecord<Object, Object> record, long partitionTime) {
        return Math.max(record.timestamp() - AHEAD, 0L);
    }
}
