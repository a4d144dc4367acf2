package io.carillon.worker.spring;

import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;

import io.carillon.topics.events.RunStatus;
import io.carillon.worker.RunListener;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

/**
 * The worker's run meters, registered up front for every terminal status so that ending a run costs an increment and
 * a timer record: counter {@value #RUNS} and timer {@value #DURATION} (a percentile histogram from
 * {@link #DURATION_MIN} to {@link #DURATION_MAX}), both tagged {@code app} and {@code status}. Thread-safe.
 */
final class RunMeters implements RunListener {

    static final String RUNS = "carillon.worker.runs";
    static final String DURATION = "carillon.worker.run.duration";
    static final Duration DURATION_MIN = Duration.ofMillis(1);
    static final Duration DURATION_MAX = Duration.ofHours(1);

    private record Meters(Counter runs, Timer duration) {
    }

    private final Map<RunStatus, Meters> meters = new EnumMap<>(RunStatus.class);

    RunMeters(MeterRegistry registry, String app) {
        for (RunStatus status : RunStatus.values()) {
            if (status.isTerminal()) {
                meters.put(status, new Meters(
                        Counter.builder(RUNS).tag("app", app).tag("status", status.name())
                                .description("runs this worker ended, by status").register(registry),
                        Timer.builder(DURATION).tag("app", app).tag("status", status.name())
                                .publishPercentileHistogram().minimumExpectedValue(DURATION_MIN)
                                .maximumExpectedValue(DURATION_MAX)
                                .description("how long the runs this worker ended ran").register(registry)));
            }
        }
    }

    @Override
    public void runEnded(RunStatus status, Duration duration) {
        Meters ended = meters.get(status);
        if (ended != null) {
            ended.runs().increment();
            ended.duration().record(duration);
        }
    }
}
