package io.carillon.worker;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares a job of this worker app next to its {@link JobHandler @JobHandler} method: the job runs that handler.
 * At start the worker publishes its app's declarations, and the console creates or updates each job and marks it as
 * managed by the app (its fields are then changed in code, not in the console). Every attribute is text, may hold
 * {@code ${...}} placeholders resolved through the Spring {@code Environment} (as {@code @Scheduled} does), and may be
 * overridden by the property {@code carillon.worker.jobs.<id>.<attribute>} (kebab case: {@code fixed-rate}); an
 * empty attribute is not set.
 *
 * <p>At most one schedule attribute is set: {@link #cron()} (with {@link #zone()}), {@link #fixedRate()},
 * {@link #fixedDelay()} or {@link #at()}; none means the job runs only when triggered. Durations are
 * {@code 500ms}, {@code 30s}, {@code 5m}, ISO-8601 ({@code PT5M}) or a number of milliseconds.
 *
 * <pre>{@code
 * @JobHandler("render-report")
 * @DeclaredJob(id = "daily-report", cron = "${reports.cron:0 0 6 * * ?}", zone = "Europe/Berlin",
 *         retryAttempts = "3", retryBackoff = "1m", tags = "reports")
 * public void render(JobContext context) { ... }
 * }</pre>
 *
 * A misdeclaration (an invalid value, an id declared twice, this annotation without {@code @JobHandler}) fails the
 * start of the application context with a message naming the method and the attribute.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Repeatable(DeclaredJob.List.class)
public @interface DeclaredJob {

    /** The job id: 1 to 128 characters of a-z, 0-9, '.', '_' or '-', starting with a letter or digit. */
    String id();

    /** A cron expression, Quartz (seconds first) or Unix 5-field syntax. */
    String cron() default "";

    /** The IANA time zone of {@link #cron()}; default UTC. */
    String zone() default "";

    /** Runs every this long, on a fixed grid. */
    String fixedRate() default "";

    /** Runs this long after the previous run ended. */
    String fixedDelay() default "";

    /** Runs once at this ISO-8601 instant ({@code 2026-12-24T18:00:00Z}). */
    String at() default "";

    /** No fire before this ISO-8601 instant. */
    String startAt() default "";

    /** No fire after this ISO-8601 instant. */
    String endAt() default "";

    /** Whether the console creates the job enabled; default true. Afterwards enabling and disabling are operators'. */
    String enabled() default "";

    /** The params every run receives. */
    String params() default "";

    /**
     * ROUND_ROBIN (default), FIRST, LAST, RANDOM, CONSISTENT_HASH, LEAST_FREQUENTLY_USED, LEAST_RECENTLY_USED,
     * FAILOVER, BUSYOVER or SHARDING_BROADCAST.
     */
    String routing() default "";

    /** The instances the job may run on; empty: any. */
    String[] pinnedInstances() default {};

    /** SERIAL (default), DISCARD_LATER, COVER_EARLY or PARALLEL. */
    String blockStrategy() default "";

    /**
     * The concurrency limit every run of the job holds while it runs (a limit id such as {@code warehouse-db});
     * none by default. Configuration: {@code carillon.worker.jobs.<id>.concurrency.limit}.
     */
    String concurrencyLimit() default "";

    /**
     * WAIT (default), SKIP or FAIL: what becomes of a run that finds every slot of {@link #concurrencyLimit()} held.
     * Configuration: {@code carillon.worker.jobs.<id>.concurrency.when-busy}.
     */
    String concurrencyWhenBusy() default "";

    /** How long a run may take before it ends TIMED_OUT; none by default. */
    String timeout() default "";

    /** Every attempt including the first; 1 (default) means no retry. */
    String retryAttempts() default "";

    /** The wait before the first retry. */
    String retryBackoff() default "";

    /** What each further retry's wait is multiplied by; default 1. */
    String retryMultiplier() default "";

    /** The longest wait between retries; no cap by default. */
    String retryMaxBackoff() default "";

    /** DO_NOTHING, FIRE_ONCE_NOW (default) or CATCH_UP: what to do with instants missed during an outage. */
    String misfire() default "";

    /** How late an instant must be to count as missed; default 5s. */
    String misfireThreshold() default "";

    /** How many missed instants CATCH_UP replays at most; default 100. */
    String maxCatchUp() default "";

    /** A fire that would start more than this late is skipped, counted as missed (a duration); no limit by default. */
    String misfireMaxLate() default "";

    /** Pause the job's schedule after this many runs in a row ended failed; never by default. */
    String pauseAfterFailures() default "";

    /** Calendars whose instants the schedule leaves out (calendar ids). */
    String[] skip() default {};

    /** A calendar whose instants alone the schedule keeps (a calendar id). */
    String onlyOn() default "";

    /** Jobs triggered when a run of this one succeeds. */
    String[] children() default {};

    /** A random delay of up to this long added to each scheduled fire. */
    String jitter() default "";

    /** Whether a run lost with its worker is left unretried. */
    String atMostOnce() default "";

    /** Whether an incident opens when fires fail. */
    String alertFailed() default "";

    /** How many fires in a row must fail before the incident opens. */
    String alertConsecutive() default "";

    /** How many fires in a row must succeed before it resolves. */
    String alertRecoverAfter() default "";

    /** Whether an incident opens when an instant passes without a run starting. */
    String alertMissed() default "";

    /** How long after its instant a run may start before the instant counts as missed. */
    String alertStartGrace() default "";

    /** Whether an incident opens when the app has no live worker. */
    String alertNoWorker() default "";

    /** How long without a live worker before that incident opens. */
    String alertNoWorkerGrace() default "";

    /** Whether a warning opens while a run runs longer than {@link #alertMaxRuntime}. */
    String alertOverrun() default "";

    /** How long a run may run before the overrun warning opens (a duration). */
    String alertMaxRuntime() default "";

    /** Whether an incident opens when a run takes longer than the job's p95 of the last day times {@link #alertSlowFactor}. */
    String alertSlow() default "";

    /** How many times the day's p95 a run may take before it counts as slow. */
    String alertSlowFactor() default "";

    /** Whether an incident opens when too many of the job's fires fail within a window. */
    String alertFailureRate() default "";

    /** The share of failed fires, in percent, above which that incident opens. */
    String alertFailureRatePercent() default "";

    /** The window the failure rate is counted over (a duration). */
    String alertFailureRateWindow() default "";

    /** How many fires the window must hold before the rate is judged. */
    String alertFailureRateMinRuns() default "";

    /** What the job does, for people. */
    String description() default "";

    /** Who to ask about the job. */
    String owner() default "";

    /** Short labels that group jobs (slugs, at most 16). */
    String[] tags() default {};

    /** Holds several {@link DeclaredJob} on one handler method: a handler may run several jobs. */
    @Target(ElementType.METHOD)
    @Retention(RetentionPolicy.RUNTIME)
    @Documented
    @interface List {
        DeclaredJob[] value();
    }
}
