package io.carillon.planner.internal;

import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Paces the commits the planner asks for because a fire is due before the next regular commit
 * ({@link io.carillon.planner.PlannerSettings#COMMIT_INTERVAL}): at most one per {@link #SPACING} for the whole
 * planner, the regular cadence of exactly-once Kafka Streams. Asked after every record, a commit per new job made
 * the intake of 10,000 jobs crawl: Kafka Streams halves the records a task takes per pass after every pass that
 * committed, and each commit waits for the broker. A fire whose commit was not granted is committed with the next
 * granted one, at most {@link #SPACING} later, or with the regular commit. Shared by the stream tasks of one planner;
 * thread-safe.
 */
public final class UrgentCommits {

    /** The shortest time between two commits asked for urgent fires. */
    static final Duration SPACING = Duration.ofMillis(100);

    private final Clock clock;
    private final AtomicLong lastGrantedMillis = new AtomicLong(Long.MIN_VALUE);

    public UrgentCommits(Clock clock) {
        this.clock = clock;
    }

    /** Whether the caller, holding an urgent fire, should ask for a commit now; at most once per spacing. */
    boolean grant() {
        long now = clock.millis();
        long last = lastGrantedMillis.get();
        return (last == Long.MIN_VALUE || now - last >= SPACING.toMillis()) && lastGrantedMillis.compareAndSet(last, now);
    }
}
