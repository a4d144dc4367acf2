package io.carillon.streams;

import java.time.Duration;
import java.time.Instant;
import org.apache.kafka.streams.processor.Cancellable;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.Punctuator;
import org.apache.kafka.streams.processor.api.ProcessingContext;

/**
 * Wall-clock punctuators that start at the first whole multiple of their interval since the epoch, so that every
 * task of a stream thread, and every processor with the same interval, punctuates in the same pass of its loop.
 *
 * <p>Why it matters: after each pass that ran a punctuator, Kafka Streams marks the task for a commit and halves how
 * many records a task may process in its next pass. Started as each task is created, twelve tasks' 100 ms
 * punctuators fall in almost every pass, so each task takes about one record per pass (at 10,000 jobs, one task
 * measured had read 22 of its 848 jobs a minute after they were written, and its jobs never fired); and an idle
 * exactly-once application whose tasks punctuate each second at scattered instants commits a transaction several
 * times a second. Aligned, the thread punctuates once per interval for all its tasks, processes records in between,
 * and an idle application commits at most once per interval. Stateless; thread-safe.
 */
public final class AlignedPunctuation {

    private AlignedPunctuation() {}

    /** The first instant at or after {@code now} that is a whole multiple of {@code interval} since the epoch. */
    public static Instant startAfter(Instant now, Duration interval) {
        long intervalMillis = interval.toMillis();
        if (intervalMillis <= 0) {
            throw new IllegalArgumentException("interval must be at least 1 ms, was " + interval);
        }
        long nowMillis = now.toEpochMilli();
        long floor = Math.floorDiv(nowMillis, intervalMillis) * intervalMillis;
        boolean onMultiple = floor == nowMillis && now.getNano() % 1_000_000 == 0;
        return Instant.ofEpochMilli(onMultiple ? floor : floor + intervalMillis);
    }

    /**
     * Schedules {@code punctuator} on {@code context}'s wall clock every {@code interval}, from
     * {@link #startAfter(Instant, Duration) startAfter(now, interval)}. Call it from the processor's {@code init}, on
     * its task's thread, as Kafka Streams requires of {@code schedule}.
     */
    public static Cancellable schedule(
            ProcessingContext context, Instant now, Duration interval, Punctuator punctuator) {
        return context.schedule(startAfter(now, interval), interval, PunctuationType.WALL_CLOCK_TIME, punctuator);
    }
}
