package io.carillon.planner.internal;

import java.time.Duration;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.streams.processor.TimestampExtractor;

/**
 * The timestamp extractor of the {@code results} source: the record's own timestamp moved {@link #BEHIND} later.
 *
 * <p>A stream task picks its next record among its co-partitioned {@code jobs}, {@code requests} and {@code results}
 * partitions by the lowest timestamp. Results are by far the largest input (a STARTED and a terminal result for
 * every fire): a task that is behind on them would otherwise take a new job, or a request, only once it had worked
 * through every result written before it, so a job created while the planner is busy would wait behind the whole
 * results backlog. Moved a day later, results yield to every job and request written in the last day, and keep their
 * order among themselves. The planner uses no record timestamp otherwise (it reads time from its clock and writes
 * its output with the clock's time), so nothing else changes. Stateless; any thread.
 */
public final class ResultsLast implements TimestampExtractor {

    /** How far behind jobs and requests a result of the same instant is taken. */
    static final long BEHIND = Duration.ofDays(1).toMillis();

    @Override
    public long extract(ConsumerRecord<Object, Object> record, long partitionTime) {
        return Math.max(record.timestamp(), 0L) + BEHIND;
    }
}
