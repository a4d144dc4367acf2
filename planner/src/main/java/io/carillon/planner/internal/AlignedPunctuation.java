package io.carillon.planner.internal;

import java.time.Duration;
import java.time.Instant;

/**
 * Where a task's wall-clock punctuators start: the first whole multiple of their interval since the epoch from now,
 * so that every task of a stream thread punctuates in the same pass of its loop.
 *
 * <p>Why it matters: after each pass that ran a punctuator (or a commit), Kafka Streams halves how many records a
 * task may process in its next pass. Started as each task is created, twelve tasks' 100 ms punctuators fall in
 * almost every pass, so each task takes about one record per pass (at 10,000 jobs, one task measured had read 22 of
 * its 848 jobs a minute after they were written, and its jobs never fired). Aligned, the thread punctuates once per
 * interval for all its tasks and processes records in between. Stateless.
 */
final class AlignedPunctuation {

    private AlignedPunctuation() {}

    /** The first instant at or after {@code now} that is a whole multiple of {@code interval} since the epoch. */
    static Instant startAfter(Instant now, Duration interval) {
        long intervalMillis = interval.toMillis();
        if (intervalMillis <= 0) {
            throw new IllegalArgumentException("interval must be at least 1 ms, was " + interval);
        }
        long nowMillis = now.toEpochMilli();
        long floor = Math.floorDiv(nowMillis, intervalMillis) * intervalMillis;
        boolean onMultiple = floor == nowMillis && now.getNano() % 1_000_000 == 0;
        return Instant.ofEpochMilli(onMultiple ? floor : floor + intervalMillis);
    }
}
