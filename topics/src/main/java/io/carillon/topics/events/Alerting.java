package io.carillon.topics.events;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The monitor rules of a job ({@code alerting} in its definition), and the defaults of an app or of every app (the
 * {@code alert-rules} topic). Every field is optional: what a job leaves out comes from its app's defaults, then the
 * global defaults, then the analytics app's own ({@code carillon.analytics.alerting.*}), and what those leave out
 * from {@link #builtIn()}: failed, missed and no worker on, the others off, with the {@code DEFAULT_*} numbers.
 * <ul>
 *   <li>{@code failed}: an incident opens when {@code consecutive} fires in a row ended FAILED, TIMED_OUT, LOST or
 *       NO_WORKER after their last attempt, and resolves after {@code recoverAfter} fires in a row succeeded;</li>
 *   <li>{@code missed}: an incident opens when a scheduled instant passed {@code startGraceMs} (plus the job's
 *       jitter) without a run starting, whether or not a fire was emitted; it resolves when an instant starts in
 *       time;</li>
 *   <li>{@code noWorker}: an incident opens when the job's app has had no live worker for {@code noWorkerGraceMs};</li>
 *   <li>{@code overrun}: a warning incident opens when a run has been running for longer than {@code maxRuntimeMs},
 *       and resolves when the run ends (the job's timeout still decides when it is killed);</li>
 *   <li>{@code slow}: an incident opens when a run took longer than {@code slowFactor} times the job's p95 duration
 *       over the last day, and resolves when a run ends within that again;</li>
 *   <li>{@code failureRate}: an incident opens when more than {@code failureRatePercent} % of the job's fires
 *       counted over the last {@code failureRateWindowMs} failed (with at least {@code failureRateMinRuns} counted),
 *       and resolves when the share is back at or below it.</li>
 * </ul>
 * The bounds of each number are checked by {@code JobValidator.validate(Alerting)}.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Alerting(
        Boolean failed,
        Integer consecutive,
        Integer recoverAfter,
        Boolean missed,
        Long startGraceMs,
        Boolean noWorker,
        Long noWorkerGraceMs,
        Boolean overrun,
        Long maxRuntimeMs,
        Boolean slow,
        Double slowFactor,
        Boolean failureRate,
        Integer failureRatePercent,
        Long failureRateWindowMs,
        Integer failureRateMinRuns) {

    public static final int DEFAULT_CONSECUTIVE = 1;
    public static final int DEFAULT_RECOVER_AFTER = 1;
    public static final long DEFAULT_START_GRACE_MS = 60_000;
    public static final long DEFAULT_NO_WORKER_GRACE_MS = 60_000;
    public static final long DEFAULT_MAX_RUNTIME_MS = 3_600_000;
    public static final double DEFAULT_SLOW_FACTOR = 2.0;
    public static final int DEFAULT_FAILURE_RATE_PERCENT = 50;
    public static final long DEFAULT_FAILURE_RATE_WINDOW_MS = 3_600_000;
    public static final int DEFAULT_FAILURE_RATE_MIN_RUNS = 10;

    /** Nothing set: every field comes from the defaults. */
    public static Alerting unset() {
        return new Alerting(null, null, null, null, null, null, null, null, null, null, null, null, null, null, null);
    }

    /** Failed, missed and no worker on, overrun, slow and failure rate off, with the {@code DEFAULT_*} numbers. */
    public static Alerting builtIn() {
        return new Alerting(
                true,
                DEFAULT_CONSECUTIVE,
                DEFAULT_RECOVER_AFTER,
                true,
                DEFAULT_START_GRACE_MS,
                true,
                DEFAULT_NO_WORKER_GRACE_MS,
                false,
                DEFAULT_MAX_RUNTIME_MS,
                false,
                DEFAULT_SLOW_FACTOR,
                false,
                DEFAULT_FAILURE_RATE_PERCENT,
                DEFAULT_FAILURE_RATE_WINDOW_MS,
                DEFAULT_FAILURE_RATE_MIN_RUNS);
    }

    /** These rules, each field left out taken from {@code defaults}. */
    public Alerting orElse(Alerting defaults) {
        return new Alerting(
                failed != null ? failed : defaults.failed,
                consecutive != null ? consecutive : defaults.consecutive,
                recoverAfter != null ? recoverAfter : defaults.recoverAfter,
                missed != null ? missed : defaults.missed,
                startGraceMs != null ? startGraceMs : defaults.startGraceMs,
                noWorker != null ? noWorker : defaults.noWorker,
                noWorkerGraceMs != null ? noWorkerGraceMs : defaults.noWorkerGraceMs,
                overrun != null ? overrun : defaults.overrun,
                maxRuntimeMs != null ? maxRuntimeMs : defaults.maxRuntimeMs,
                slow != null ? slow : defaults.slow,
                slowFactor != null ? slowFactor : defaults.slowFactor,
                failureRate != null ? failureRate : defaults.failureRate,
                failureRatePercent != null ? failureRatePercent : defaults.failureRatePercent,
                failureRateWindowMs != null ? failureRateWindowMs : defaults.failureRateWindowMs,
                failureRateMinRuns != null ? failureRateMinRuns : defaults.failureRateMinRuns);
    }

    /** Whether no field is set. */
    public boolean setsNothing() {
        return equals(unset());
    }
}
