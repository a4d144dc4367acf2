package io.carillon.planner.internal;

import io.carillon.planner.PlannerSettings;
import java.time.Clock;
import java.time.Duration;

/**
 * Paces the commits the planner asks for because a fire is due before the next regular commit
 * ({@link io.carillon.planner.PlannerSettings#COMMIT_INTERVAL}): at most one per {@link #SPACING} for the whole
 * planner, the regular cadence of exactly-once Kafka Streams. Asked after every record, a commit per new job made
 * the intake of 10,000 jobs crawl: Kafka Streams halves the records a task takes per pass after every pass that
 * committed, and each commit waits for the broker. An urgent fire refused a commit stays pending: it is committed
 * with the next granted commit, which {@link #grantPending()} gives once the spacing has passed (the planner asks at
 * each punctuation), or with the regular commit, whichever comes first.
 *
 * <p>The first fires of jobs being taken on ({@link #grantIntake()}) get at most one urgent commit per
 * {@link #INTAKE_SPACING}: a job created alone still fires its first instant on time, while the jobs of a burst ride
 * the regular commit. Each urgent commit blocks the stream thread until the broker has ended the transaction, and
 * Kafka Streams halves the records a task takes per pass after it: with a commit every spacing, the intake of many
 * jobs would be bound by the broker's transaction latency instead of by the planner's CPU. Shared by the stream tasks
 * of one planner; thread-safe.
 */
public final class UrgentCommits {

    /** The shortest time between two commits asked for urgent fires. */
    static final Duration SPACING = Duration.ofMillis(100);

    /**
     * The shortest time between two urgent commits asked for the first fires of new jobs: the regular commit
     * interval, so a burst of new jobs costs at most one commit a second more than the regular ones.
     */
    static final Duration INTAKE_SPACING = PlannerSettings.COMMIT_INTERVAL;

    private final Clock clock;
    private long lastGrantedMillis = Long.MIN_VALUE;
    private long lastIntakeGrantedMillis = Long.MIN_VALUE;
    private boolean pending;

    public UrgentCommits(Clock clock) {
        this.clock = clock;
    }

    /** Whether the caller, holding an urgent fire, should ask for a commit now; when not, the fire is pending. */
    synchronized boolean grant() {
        pending = true;
        return grantPending();
    }

    /**
     * Whether the caller, holding an urgent first fire of a job it is taking on, should ask for a commit now: the
     * first such fire of each {@link #INTAKE_SPACING} is urgent as in {@link #grant()} (granted now, or pending until
     * the spacing allows); the others are not pending and go with the regular commit.
     */
    synchronized boolean grantIntake() {
        long now = clock.millis();
        if (lastIntakeGrantedMillis != Long.MIN_VALUE && now - lastIntakeGrantedMillis < INTAKE_SPACING.toMillis()) {
            return false;
        }
        lastIntakeGrantedMillis = now;
        return grant();
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
