package io.carillon.topics.events;

/**
 * The monitor rules of a job ({@code alerting} in its definition; absent means {@link #defaults()}). Each rule is on
 * unless its flag says {@code false}; a zero number takes the default.
 * <ul>
 *   <li>{@code failed}: an incident opens when {@code consecutive} fires in a row ended FAILED, TIMED_OUT, LOST or
 *       NO_WORKER after their last attempt, and resolves after {@code recoverAfter} fires in a row succeeded;</li>
 *   <li>{@code missed}: an incident opens when a scheduled instant passed {@code startGraceMs} (plus the job's
 *       jitter) without a run starting, whether or not a fire was emitted; it resolves when an instant starts in
 *       time;</li>
 *   <li>{@code noWorker}: an incident opens when the job's app has had no live worker for {@code noWorkerGraceMs}.</li>
 * </ul>
 */
public record Alerting(Boolean failed, int consecutive, int recoverAfter, Boolean missed, long startGraceMs,
        Boolean noWorker, long noWorkerGraceMs) {

    public static final int DEFAULT_CONSECUTIVE = 1;
    public static final int DEFAULT_RECOVER_AFTER = 1;
    public static final long DEFAULT_START_GRACE_MS = 60_000;
    public static final long DEFAULT_NO_WORKER_GRACE_MS = 60_000;

    public Alerting {
        consecutive = consecutive == 0 ? DEFAULT_CONSECUTIVE : consecutive;
        recoverAfter = recoverAfter == 0 ? DEFAULT_RECOVER_AFTER : recoverAfter;
        startGraceMs = startGraceMs == 0 ? DEFAULT_START_GRACE_MS : startGraceMs;
        noWorkerGraceMs = noWorkerGraceMs == 0 ? DEFAULT_NO_WORKER_GRACE_MS : noWorkerGraceMs;
    }

    /** Every rule on, with the default numbers. */
    public static Alerting defaults() {
        return new Alerting(null, 0, 0, null, 0, null, 0);
    }

    /** {@code alerting}, or {@link #defaults()} when it is null. */
    public static Alerting orDefaults(Alerting alerting) {
        return alerting != null ? alerting : defaults();
    }

    public boolean failedOn() {
        return failed == null || failed;
    }

    public boolean missedOn() {
        return missed == null || missed;
    }

    public boolean noWorkerOn() {
        return noWorker == null || noWorker;
    }
}
