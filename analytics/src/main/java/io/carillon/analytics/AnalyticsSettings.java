package io.carillon.analytics;

import io.carillon.topics.FieldError;
import io.carillon.topics.JobValidator;
import io.carillon.topics.events.Alerting;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * How often the analytics app checks its windows and monitors, how long it waits for late results, where it starts
 * reading results, and the default monitor rules.
 *
 * @param punctuateInterval how often the wall-clock punctuators close due windows and check due scheduled instants
 *                          (default 1 s); windows of partitions that receive nothing close all the same
 * @param windowGrace       how long after a minute or hour ends a result for it still counts in it (default 3 s); a
 *                          job's window is written to {@code stats} at the first check after that
 * @param appWindowDelay    how much longer an app's window waits, for its jobs' closed windows to arrive through the
 *                          repartition topic (default 2 s); an app's minute is written at most about
 *                          {@code windowGrace + appWindowDelay + 2 * punctuateInterval} after it ends
 * @param resultsFromStart  whether a new application id reads {@code results} and {@code workflow.events} from the
 *                          beginning (true) or from the
 *                          end (false, the default: a first start does not turn the retained history into late
 *                          statistics and old incidents); {@code jobs} is always read from the beginning
 * @param alertingDefaults  the monitor rules of every job that leaves a field of its {@code alerting} out (default
 *                          {@link Alerting#unset()}: the built-in ones, {@link Alerting#builtIn()})
 */
public record AnalyticsSettings(
        Duration punctuateInterval,
        Duration windowGrace,
        Duration appWindowDelay,
        boolean resultsFromStart,
        Alerting alertingDefaults) {

    public static final Duration DEFAULT_PUNCTUATE_INTERVAL = Duration.ofSeconds(1);
    public static final Duration DEFAULT_WINDOW_GRACE = Duration.ofSeconds(3);
    public static final Duration DEFAULT_APP_WINDOW_DELAY = Duration.ofSeconds(2);
    /**
     * Kafka Streams' {@code commit.interval.ms} for the app (its exactly-once default is 100 ms). Every commit is a
     * transaction, and workers' heartbeats reach the app every second, so at 100 ms an idle installation committed
     * several transactions a second. Statistics become visible at most this much later; an incident asks for a
     * commit at once, so alerts are not delayed.
     */
    public static final Duration COMMIT_INTERVAL = Duration.ofSeconds(1);
    /**
     * Kafka Streams' {@code poll.ms} for the app: how long a stream thread waits for records when none are there
     * (its default is 100 ms). Records end the wait at once; only the app's wall-clock punctuations, every
     * {@code punctuateInterval} (1 s), can start up to this much late, while an idle thread loops 2 times a second
     * instead of 10.
     */
    public static final Duration POLL = Duration.ofMillis(500);

    public AnalyticsSettings {
        requirePositive(punctuateInterval, "punctuateInterval");
        requireNotNegative(windowGrace, "windowGrace");
        requireNotNegative(appWindowDelay, "appWindowDelay");
        Objects.requireNonNull(alertingDefaults, "alertingDefaults");
        List<FieldError> errors = JobValidator.validate(alertingDefaults);
        if (!errors.isEmpty()) {
            throw new IllegalArgumentException("alerting defaults are not valid: " + errors);
        }
    }

    public static AnalyticsSettings defaults() {
        return new AnalyticsSettings(
                DEFAULT_PUNCTUATE_INTERVAL, DEFAULT_WINDOW_GRACE, DEFAULT_APP_WINDOW_DELAY, false, Alerting.unset());
    }

    /** How long after it ends an app's window closes: the window grace plus the app window delay. */
    public Duration appWindowGrace() {
        return windowGrace.plus(appWindowDelay);
    }

    private static void requirePositive(Duration value, String name) {
        Objects.requireNonNull(value, name);
        if (value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException(name + " must be positive, was " + value);
        }
    }

    private static void requireNotNegative(Duration value, String name) {
        Objects.requireNonNull(value, name);
        if (value.isNegative()) {
            throw new IllegalArgumentException(name + " must not be negative, was " + value);
        }
    }
}
