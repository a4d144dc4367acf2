package io.carillon.planner.internal;

import java.time.Clock;
import java.time.Duration;

/**
 * Paces the commits the planner asks for because a fire is due before the next regular commit
 * ({@link io.carillon.planner.PlannerSettings#COMMIT_INTERVAL}): at most one per {@link #SPACING} for the whole
 * planner, the regular cadence of exactly-once Kafka Streams. Asked after every record, a commit per new job made
 * the intake of 10,000 jobs crawl: Kafka Streams halves the records a task takes per pass after every pass that
 * committed, and each commit waits for the broker. An urgent fire refused a commit stays pending: it is committed
 * with the next granted commit, which {@link #grantPending()} gives once the spacing has passed (the planner asks at
 * each punctuation), or with the regular commit, whichever comes first. Shared by the stream tasks of one planner;
 * thread-safe.
 */
public final class UrgentCommits {

    /** The shortest time between two commits asked for urgent fires. */
    static final Duration SPACING = Duration.ofMillis(100);

    private final Clock clock;
    private long lastGrantedMillis = Long.MIN_VALUE;
    private boolean pending;

    public UrgentCommits(Clock clock) {
        this.clock = clock;
    }

    /** Whether the caller, holding an urgent fire, should ask for a commit now; when not, the fire is pending. */
    synchronized boolean grant() {
        pending = true;
        return grantPending();
    }

    /** Whether an urgent fire waits for a commit. */
    synchronized boolean pending() {
        return pending;
    }

    /** Whether the caller should ask for a commit now because an urgent fire is pending and the spacing has passed. */
    synchronized boolean grantPending() {
        if (!pending) {
            return false;
        }
        long now = clock.millis();
        if (lastGrantedMillis != Long.MIN_VALUE && now - lastGrantedMillis < SPACING.toMillis()) {
            return false;
        }
        lastGrantedMillis = now;
        pending = false;
        return true;
    }
}
