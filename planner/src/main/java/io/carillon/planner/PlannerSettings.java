package io.carillon.planner;

import java.time.Duration;
import java.util.Objects;

/**
 * How far ahead the planner emits fires, how often it looks for due timers, how it paces backfills, how long it
 * waits for runs' results and for unknown jobs.
 *
 * @param horizon                how far ahead of its instant a fire is written to {@code fires} at least (default
 *                               10 s; a due scheduled timer writes up to {@link #refillChunk()} further); the
 *                               dispatcher holds it until it is due, and a disable or delete can still cancel it
 * @param punctuateInterval      how often the wall-clock punctuator scans the timer store (default 100 ms)
 * @param backfillPerPunctuation the most BACKFILL fires one stream task writes per punctuation, all backfills
 *                               together (default 100, so 1,000 a second per task at the default interval)
 * @param maxBackfillFires       the most fires one BACKFILL request makes (default 1,000); the instants beyond are
 *                               not backfilled and a dead letter says from where
 * @param runTimeoutGrace        how long past a started run's {@code startedAt + timeoutMs} the planner waits for a
 *                               terminal result before it writes TIMED_OUT; also how long a run whose worker has
 *                               never sent a heartbeat stays open before it is LOST (default 30 s)
 * @param openRunCheckInterval   how often the planner checks its open runs for timeouts and expired heartbeats
 *                               (default 1 s)
 * @param unknownJobGrace        how long a request for a job the planner does not hold yet is parked, waiting for
 *                               the job's definition, before it goes to {@code dlq} (default 30 s; zero: at once)
 */
public record PlannerSettings(
        Duration horizon,
        Duration punctuateInterval,
        int backfillPerPunctuation,
        int maxBackfillFires,
        Duration runTimeoutGrace,
        Duration openRunCheckInterval,
        Duration unknownJobGrace) {

    public static final Duration DEFAULT_HORIZON = Duration.ofSeconds(10);
    public static final Duration DEFAULT_PUNCTUATE_INTERVAL = Duration.ofMillis(100);
    public static final int DEFAULT_BACKFILL_PER_PUNCTUATION = 100;
    public static final int DEFAULT_MAX_BACKFILL_FIRES = 1_000;
    public static final Duration DEFAULT_RUN_TIMEOUT_GRACE = Duration.ofSeconds(30);
    public static final Duration DEFAULT_OPEN_RUN_CHECK_INTERVAL = Duration.ofSeconds(1);
    public static final Duration DEFAULT_UNKNOWN_JOB_GRACE = Duration.ofSeconds(30);
    /**
     * How far beyond the horizon the punctuator writes a job's scheduled fires when the job's timer comes due
     * (capped at the horizon, {@link #refillChunk()}). The horizon is refilled in chunks: a job firing every second
     * has its timer deleted and put, its state rewritten and all three changelogged once per 11 fires instead of
     * once per fire, which is most of the planner's work per fire. The writes per fire fall as
     * period / (chunk + period), while a fast job's state carries (horizon + chunk) / period pending fires, all
     * encoded again at each visit, and fires stay out longer for the dispatcher to hold and a change to cancel: at
     * most twice the horizon, since the chunk is capped at it.
     */
    public static final Duration REFILL_CHUNK = Duration.ofSeconds(10);
    /**
     * How often the planner commits its transaction when nothing urgent asks for one sooner (Kafka Streams'
     * {@code commit.interval.ms}; its exactly-once default is 100 ms). A commit flushes the producer and ends the
     * transaction: at 10,000 jobs on two cores a stream thread committing every 100 ms spends most of its time waiting
     * in commits and reads its input so slowly that jobs written a minute before have not fired (CHANGELOG.md,
     * 2026-11-22). Scheduled fires are written a horizon ahead, so a longer interval costs them nothing; a fire due
     * sooner than this interval from now (a job's first fire, a manual trigger, a misfire fired now, a retry) asks for
     * a commit at once, so it is not held back.
     */
    public static final Duration COMMIT_INTERVAL = Duration.ofSeconds(1);

    public PlannerSettings {
        Objects.requireNonNull(horizon, "horizon");
        Objects.requireNonNull(punctuateInterval, "punctuateInterval");
        if (horizon.isNegative()) {
            throw new IllegalArgumentException("horizon must not be negative, was " + horizon);
        }
        if (punctuateInterval.isNegative() || punctuateInterval.isZero()) {
            throw new IllegalArgumentException("punctuateInterval must be positive, was " + punctuateInterval);
        }
        if (backfillPerPunctuation < 1) {
            throw new IllegalArgumentException(
                    "backfillPerPunctuation must be positive, was " + backfillPerPunctuation);
        }
        if (maxBackfillFires < 1) {
            throw new IllegalArgumentException("maxBackfillFires must be positive, was " + maxBackfillFires);
        }
        Objects.requireNonNull(runTimeoutGrace, "runTimeoutGrace");
        Objects.requireNonNull(openRunCheckInterval, "openRunCheckInterval");
        if (runTimeoutGrace.isNegative()) {
            throw new IllegalArgumentException("runTimeoutGrace must not be negative, was " + runTimeoutGrace);
        }
        if (openRunCheckInterval.isNegative() || openRunCheckInterval.isZero()) {
            throw new IllegalArgumentException("openRunCheckInterval must be positive, was " + openRunCheckInterval);
        }
        Objects.requireNonNull(unknownJobGrace, "unknownJobGrace");
        if (unknownJobGrace.isNegative()) {
            throw new IllegalArgumentException("unknownJobGrace must not be negative, was " + unknownJobGrace);
        }
    }

    /** The given settings with the default unknown-job grace. */
    public PlannerSettings(
            Duration horizon,
            Duration punctuateInterval,
            int backfillPerPunctuation,
            int maxBackfillFires,
            Duration runTimeoutGrace,
            Duration openRunCheckInterval) {
        this(
                horizon,
                punctuateInterval,
                backfillPerPunctuation,
                maxBackfillFires,
                runTimeoutGrace,
                openRunCheckInterval,
                DEFAULT_UNKNOWN_JOB_GRACE);
    }

    /** The given horizon, interval and backfill pacing with the default run timeout grace and check interval. */
    public PlannerSettings(
            Duration horizon, Duration punctuateInterval, int backfillPerPunctuation, int maxBackfillFires) {
        this(
                horizon,
                punctuateInterval,
                backfillPerPunctuation,
                maxBackfillFires,
                DEFAULT_RUN_TIMEOUT_GRACE,
                DEFAULT_OPEN_RUN_CHECK_INTERVAL);
    }

    /** The given horizon and interval with the default backfill pacing. */
    public PlannerSettings(Duration horizon, Duration punctuateInterval) {
        this(horizon, punctuateInterval, DEFAULT_BACKFILL_PER_PUNCTUATION, DEFAULT_MAX_BACKFILL_FIRES);
    }

    /**
     * How far beyond the horizon a due scheduled timer writes: {@link #REFILL_CHUNK}, or the horizon when that is
     * shorter. So a scheduled fire is written at most {@code horizon + refillChunk()} (at most twice the horizon)
     * before its instant.
     */
    public Duration refillChunk() {
        return horizon.compareTo(REFILL_CHUNK) < 0 ? horizon : REFILL_CHUNK;
    }

    public static PlannerSettings defaults() {
        return new PlannerSettings(DEFAULT_HORIZON, DEFAULT_PUNCTUATE_INTERVAL);
    }
}
