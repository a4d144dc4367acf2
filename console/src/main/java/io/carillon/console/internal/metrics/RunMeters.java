package io.carillon.console.internal.metrics;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;

import io.carillon.topics.events.RunResult;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;

/**
 * The runs the console materialized, as meters over every worker of every app: counter {@value #RUNS} and timer
 * {@value #DURATION} (start to end of runs that started; a percentile histogram from {@link #DURATION_MIN} to
 * {@link #DURATION_MAX}), tagged {@code app} and {@code status} (terminal statuses only, so a handful per app).
 * Counted when a batch of results is stored; a batch the container delivers again after a crash is counted again.
 *
 * <p>Thread-safe.
 */
@Component
public class RunMeters {

    public static final String RUNS = "carillon.console.runs";
    public static final String DURATION = "carillon.console.run.duration";
    static final Duration DURATION_MIN = Duration.ofMillis(1);
    static final Duration DURATION_MAX = Duration.ofHours(1);

    private record Key(String app, String status) {
    }

    private record Meters(Counter runs, Timer duration) {
    }

    private final MeterRegistry registry;
    private final Map<Key, Meters> meters = new ConcurrentHashMap<>();

    public RunMeters(ObjectProvider<MeterRegistry> registry) {
        this.registry = registry.getIfAvailable(CompositeMeterRegistry::new);
    }

    /** Counts the terminal results among {@code stored}, just written to {@code runs}. */
    public void stored(List<RunResult> stored) {
        for (RunResult result : stored) {
            if (result.status() != null && result.status().isTerminal()) {
                Meters ended = meters.computeIfAbsent(new Key(String.valueOf(result.app()), result.status().name()),
                        this::register);
                ended.runs().increment();
                if (result.startedAt() != null && result.finishedAt() != null) {
                    ended.duration().record(Duration.between(result.startedAt(), result.finishedAt()));
                }
            }
        }
    }

    private Meters register(Key key) {
        return new Meters(
                Counter.builder(RUNS).tag("app", key.app()).tag("status", key.status())
                        .description("runs that ended, as materialized by the console").register(registry),
                Timer.builder(DURATION).tag("app", key.app()).tag("status", key.status())
                        .publishPercentileHistogram().minimumExpectedValue(DURATION_MIN)
                        .maximumExpectedValue(DURATION_MAX)
                        .description("how long the runs that ended ran, as materialized by the console")
                        .register(registry));
    }
}
