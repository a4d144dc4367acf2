package io.carillon.console.internal.metrics;

import io.carillon.topics.events.RunResult;
import io.carillon.topics.metrics.RunEndMeters;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;

/**
 * The runs the console materialized, as meters over every worker of every app: counter {@value #RUNS} and timer
 * {@value #DURATION} (start to end of runs that started), tagged {@code app} and {@code status}; the meters of an
 * app's terminal statuses are registered together when its first run ends ({@link RunEndMeters}), so a handful per
 * app and a plain lookup per result after that. Counted when a batch of results is stored; a batch the container
 * delivers again after a crash is counted again.
 *
 * <p>Thread-safe.
 */
@Component
public class RunMeters {

    public static final String RUNS = "carillon.console.runs";
    public static final String DURATION = "carillon.console.run.duration";

    private final MeterRegistry registry;
    private final Map<String, RunEndMeters> meters = new ConcurrentHashMap<>();

    public RunMeters(ObjectProvider<MeterRegistry> registry) {
        this.registry = registry.getIfAvailable(CompositeMeterRegistry::new);
    }

    /** Counts the terminal results among {@code stored}, just written to {@code runs}. */
    public void stored(List<RunResult> stored) {
        for (RunResult result : stored) {
            if (result.status() != null && result.status().isTerminal()) {
                ofApp(String.valueOf(result.app()))
                        .ended(
                                result.status(),
                                result.startedAt() != null && result.finishedAt() != null
                                        ? Duration.between(result.startedAt(), result.finishedAt())
                                        : null);
            }
        }
    }

    private RunEndMeters ofApp(String app) {
        RunEndMeters registered = meters.get(app);
        return registered != null ? registered : meters.computeIfAbsent(app, this::register);
    }

    private RunEndMeters register(String app) {
        return new RunEndMeters(registry, RUNS, DURATION, app, "the console");
    }
}
