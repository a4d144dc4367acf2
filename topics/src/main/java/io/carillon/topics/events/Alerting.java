package io.carillon.topics.events;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The monitor rules of a job ({@code alerting} in its definition). Every field is optional: what a job leaves out
 * comes from the defaults the analytics app is given ({@code carillon.analytics.alerting.*}), and what those leave
 * out from the {@code DEFAULT_*} constants here, where every rule is on.
 * <ul>
 *   <li>{@code failed}: an incident opens when {@code consecutive} fires in a row ended FAILED, TIMED_OUT, LOST or
 *       NO_WORKER after their last attempt, and resolves after {@code recoverAfter} fires in a row succeeded;</li>
 *   <li>{@code missed}: an incident opens when a scheduled instant passed {@code startGraceMs} (plus the job's
 *       jitter) without a run starting, whether or not a fire was emitted; it resolves when an instant starts in
 *       time;</li>
 *   <li>{@code noWorker}: an incident opens when the job's app has had no live worker for {@code noWorkerGraceMs}.</li>
 * </ul>
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Alerting(Boolean failed, Integer consecutive, Integer recoverAfter, Boolean missed, Long startGraceMs,
        Boolean noWorker, Long noWorkerGraceMs) {

    public static final int DEFAULT_CONSECUTIVE = 1;
    public static final int DEFAULT_RECOVER_AFTER = 1;
    public static final long DEFAULT_START_GRACE_MS = 60_000;
    public static final long DEFAULT_NO_WORKER_GRACE_MS = 60_000;

    /** Nothing set: every field comes from the defaults. */
    public static Alerting unset() {
        return new Alerting(null, null, null, null, null, null, null);
    }

    /** Every rule on, with the {@code DEFAULT_*} numbers. */
    public static Alerting builtIn() {
        return new Alerting(true, DEFAULT_CONSECUTIVE, DEFAULT_RECOVER_AFTER, true, DEFAULT_START_GRACE_MS, true,
                DEFAULT_NO_WORKER_GRACE_MS);
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
                noWorkerGraceMs != null ? noWorkerGraceMs : defaults.noWorkerGraceMs);
    }
}
