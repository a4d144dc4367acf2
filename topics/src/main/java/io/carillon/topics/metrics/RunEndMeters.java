package io.carillon.topics.metrics;

import io.carillon.topics.events.RunStatus;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;

/**
 * The runs of one app that ended, by terminal status: a counter and a timer (a percentile histogram from
 * {@link #DURATION_MIN} to {@link #DURATION_MAX}) per status, tagged {@code app} and {@code status}, all registered up
 * front so that recording a run is an increment and a timer record. Used for the worker's and the console's run
 * meters. Thread-safe.
 */
public final class RunEndMeters {

    public static final Duration DURATION_MIN = Duration.ofMillis(1);
    public static final Duration DURATION_MAX = Duration.ofHours(1);

    private record Meters(Counter runs, Timer duration) {}

    private final Map<RunStatus, Meters> meters = new EnumMap<>(RunStatus.class);

    /**
     * @param runs     the counter's name
     * @param duration the timer's name
     * @param whose    what the descriptions say ended the runs, e.g. "this worker"
     */
    public RunEndMeters(MeterRegistry registry, String runs, String duration, String app, String whose) {
        for (RunStatus status : RunStatus.values()) {
            if (status.isTerminal()) {
                meters.put(
                        status,
                        new Meters(
                                Counter.builder(runs)
                                        .tag("app", app)
                                        .tag("status", status.name())
                                        .description("runs that ended, by status, as seen by " + whose)
                                        .register(registry),
                                Timer.builder(duration)
                                        .tag("app", app)
                                        .tag("status", status.name())
                                        .publishPercentileHistogram()
                                        .minimumExpectedValue(DURATION_MIN)
                                        .maximumExpectedValue(DURATION_MAX)
                                        .description("how long the runs that ended ran, as seen by " + whose)
                                        .register(registry)));
            }
        }
    }

    /** Counts a run that ended with {@code status}; {@code duration} null counts it without timing it. */
    public void ended(RunStatus status, Duration duration) {
        Meters ended = meters.get(status);
        if (ended != null) {
            ended.runs().increment();
            if (duration != null) {
                ended.duration().record(duration);
            }
        }
    }
}
