package io.carillon.analytics.internal;

import io.carillon.topics.events.Incident;
import io.carillon.topics.events.IncidentAction;
import io.carillon.topics.events.IncidentRule;
import io.carillon.topics.events.RunResult;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.Consumer;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.WindowStore;
import org.apache.kafka.streams.state.WindowStoreIterator;

/**
 * The slow rule ({@code Alerting}), opt-in: a run that took longer than {@code slowFactor} times its job's p95
 * duration over the last day opens an incident (id {@code slow:<job>:<run id>}), further slow runs update it, and
 * the next run within the limit resolves it. The baseline is the job's closed hours: as each closes, its duration
 * sketch (the same HdrHistogram as in {@code stats}) is kept for a day in a window store, and the p95 of the
 * merged hours of the last day is computed once, so judging a run costs one read. A job is judged once its baseline
 * holds {@value #MIN_BASELINE_RUNS} runs. Runs are judged as their results arrive, late ones too; the last
 * {@value #JUDGED_RUNS} runs judged are remembered, so a result read again changes nothing. Not thread-safe: one
 * stream task owns it.
 */
final class SlowRule {

    /** How many runs the last day must hold before a run is judged against it. */
    static final int MIN_BASELINE_RUNS = 20;

    static final int JUDGED_RUNS = 32;
    /** How far back the baseline reaches. */
    static final Duration BASELINE = Duration.ofDays(1);

    private static final double P95 = 95;

    private final KeyValueStore<String, SlowMonitor> monitors;
    private final WindowStore<String, RunAggregate> hours;
    private final Consumer<Incident> incidents;

    SlowRule(
            KeyValueStore<String, SlowMonitor> monitors,
            WindowStore<String, RunAggregate> hours,
            Consumer<Incident> incidents) {
        this.monitors = monitors;
        this.hours = hours;
        this.incidents = incidents;
    }

    /** Keeps the closed hour of job {@code jobId} starting at {@code start} and computes its baseline again. */
    void onHourClosed(String jobId, Instant start, RunAggregate hour, AlertRules rules, Instant now) {
        if (!rules.slow() || hour.durations == null) {
            return;
        }
        hours.put(jobId, hour, start.toEpochMilli());
        RunAggregate day = new RunAggregate();
        try (WindowStoreIterator<RunAggregate> kept = hours.fetch(jobId, now.minus(BASELINE), now)) {
            kept.forEachRemaining(entry -> day.merge(entry.value));
        }
        SlowMonitor monitor = monitors.get(jobId);
        monitor = monitor == null ? SlowMonitor.empty() : monitor;
        long runs = day.durations == null ? 0 : day.durations.getTotalCount();
        long p95 = runs == 0 ? 0 : Math.min(day.durations.getValueAtPercentile(P95), day.maxDuration);
        monitors.put(jobId, monitor.withBaseline(p95, runs));
    }

    /** Judges terminal {@code result}'s duration under {@code rules}. */
    void onResult(RunResult result, AlertRules rules, Instant now) {
        if (!rules.slow() || result.startedAt() == null || result.finishedAt() == null) {
            return;
        }
        SlowMonitor monitor = monitors.get(result.jobId());
        if (monitor == null
                || monitor.baselineRuns() < MIN_BASELINE_RUNS
                || monitor.judgedRuns().contains(result.runId())) {
            return;
        }
        List<String> judged = RecentIds.with(monitor.judgedRuns(), result.runId(), JUDGED_RUNS);
        long duration =
                Duration.between(result.startedAt(), result.finishedAt()).toMillis();
        long limit = (long) Math.ceil(monitor.baselineP95Ms() * rules.slowFactor());
        String message = "run " + result.runId() + " took " + duration + " ms; the limit is " + limit + " ms ("
                + rules.slowFactor() + " x the p95 of " + monitor.baselineP95Ms() + " ms over "
                + monitor.baselineRuns() + " runs of the last day)";
        SlowMonitor next;
        if (duration > limit) {
            IncidentAction action = monitor.isOpen() ? IncidentAction.UPDATED : IncidentAction.OPENED;
            next = monitor.isOpen()
                    ? monitor.withIncident(judged, monitor.incidentId(), monitor.openedAt(), monitor.count() + 1)
                    : monitor.withIncident(judged, "slow:" + result.jobId() + ":" + result.runId(), now, 1);
            incidents.accept(step(next, result, action, now, message));
        } else if (monitor.isOpen()) {
            incidents.accept(step(monitor, result, IncidentAction.RESOLVED, now, message));
            next = monitor.withIncident(judged, null, null, 0);
        } else {
            next = monitor.withIncident(judged, null, null, 0);
        }
        monitors.put(result.jobId(), next);
    }

    /** Stops the rule for job {@code jobId} of {@code app}, resolving its open incident because {@code why}. */
    void stop(String jobId, String app, String why, Instant now) {
        SlowMonitor monitor = monitors.get(jobId);
        if (monitor != null && monitor.isOpen()) {
            incidents.accept(Incidents.step(
                    IncidentRule.SLOW,
                    monitor.incidentId(),
                    IncidentAction.RESOLVED,
                    app,
                    jobId,
                    monitor.openedAt(),
                    now,
                    monitor.count(),
                    null,
                    why));
        }
        monitors.delete(jobId);
    }

    private static Incident step(
            SlowMonitor monitor, RunResult result, IncidentAction action, Instant now, String message) {
        return Incidents.step(
                IncidentRule.SLOW,
                monitor.incidentId(),
                action,
                result.app(),
                result.jobId(),
                monitor.openedAt(),
                now,
                monitor.count(),
                result.fireId(),
                message);
    }
}
