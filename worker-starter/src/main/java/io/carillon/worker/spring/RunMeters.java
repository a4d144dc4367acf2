package io.carillon.worker.spring;

import io.carillon.topics.events.RunStatus;
import io.carillon.topics.metrics.RunEndMeters;
import io.carillon.worker.RunListener;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;

/**
 * The worker's run meters: counter {@value #RUNS} and timer {@value #DURATION}, tagged {@code app} and
 * {@code status}, registered up front for every terminal status ({@link RunEndMeters}). Thread-safe.
 */
final class RunMeters implements RunListener {

    static final String RUNS = "carillon.worker.runs";
    static final String DURATION = "carillon.worker.run.duration";

    private final RunEndMeters meters;

    RunMeters(MeterRegistry registry, String app) {
        this.meters = new RunEndMeters(registry, RUNS, DURATION, app, "this worker");
    }

    @Override
    public void runEnded(RunStatus status, Duration duration) {
        meters.ended(status, duration);
    }
}
