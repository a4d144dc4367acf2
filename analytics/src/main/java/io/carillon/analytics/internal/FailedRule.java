package io.carillon.analytics.internal;

import io.carillon.topics.events.Incident;
import io.carillon.topics.events.IncidentAction;
import io.carillon.topics.events.IncidentRule;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.RunResult;
import java.time.Instant;
import java.util.List;
import java.util.function.Consumer;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * The failed rule ({@code Alerting}): fires fail or succeed as {@link FireOutcome} says. A fire counts once, by its
 * first such result (a retry's fire id counts as its original's); a fire among the last {@value #COUNTED_FIRES} counted
 * is not counted again, so a replayed result changes nothing. After {@code consecutive} failed fires in a row an
 * incident opens (id {@code failed:<job>:<fire>}, the fire that tipped it); each further failure updates it;
 * {@code recoverAfter} successes in a row resolve it. Not thread-safe: one stream task owns it.
 */
final class FailedRule {

    static final int COUNTED_FIRES = 32;

    private final KeyValueStore<String, FailedMonitor> monitors;
    private final Consumer<Incident> incidents;

    FailedRule(KeyValueStore<String, FailedMonitor> monitors, Consumer<Incident> incidents) {
        this.monitors = monitors;
        this.incidents = incidents;
    }

    /** Applies terminal {@code result} of {@code job} (null when its definition is not known) under {@code rules}. */
    void onResult(RunResult result, JobDefinition job, AlertRules rules, Instant now) {
        FireOutcome outcome = FireOutcome.of(result, job);
        if (!rules.failed() || outcome == FireOutcome.NOT_COUNTED) {
            return;
        }
        boolean failure = outcome == FireOutcome.FAILED;
        FailedMonitor monitor = monitors.get(result.jobId());
        monitor = monitor == null ? FailedMonitor.empty() : monitor;
        String fire = FireOutcome.originalFire(result.fireId());
        if (monitor.countedFires().contains(fire)) {
            return;
        }
        List<String> counted = RecentIds.with(monitor.countedFires(), fire, COUNTED_FIRES);
        FailedMonitor next = failure
                ? failed(monitor, counted, result, rules, now)
                : succeeded(monitor, counted, result, rules, now);
        monitors.put(result.jobId(), next);
    }

    /** Resolves the job's open incident, if any, because its rule no longer applies ({@code why}). */
    void stop(String jobId, String app, String why, Instant now) {
        FailedMonitor monitor = monitors.get(jobId);
        if (monitor != null && monitor.isOpen()) {
            incidents.accept(step(
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

    private FailedMonitor failed(
            FailedMonitor monitor, List<String> counted, RunResult result, AlertRules rules, Instant now) {
        int failures = monitor.failures() + 1;
        String message = failures + " fire(s) in a row failed; last " + result.runId() + " ended " + result.status()
                + (result.message() == null ? "" : ": " + result.message());
        if (monitor.isOpen()) {
            int count = monitor.count() + 1;
            incidents.accept(step(
                    monitor.incidentId(),
                    IncidentAction.UPDATED,
                    result.app(),
                    result.jobId(),
                    monitor.openedAt(),
                    now,
                    count,
                    result.fireId(),
                    message));
            return new FailedMonitor(failures, 0, counted, monitor.incidentId(), monitor.openedAt(), count);
        }
        if (failures < rules.consecutive()) {
            return new FailedMonitor(failures, 0, counted, null, null, 0);
        }
        String id = "failed:" + result.jobId() + ":" + FireOutcome.originalFire(result.fireId());
        incidents.accept(step(
                id, IncidentAction.OPENED, result.app(), result.jobId(), now, now, failures, result.fireId(), message));
        return new FailedMonitor(failures, 0, counted, id, now, failures);
    }

    private FailedMonitor succeeded(
            FailedMonitor monitor, List<String> counted, RunResult result, AlertRules rules, Instant now) {
        if (!monitor.isOpen()) {
            return new FailedMonitor(0, 0, counted, null, null, 0);
        }
        int successes = monitor.successes() + 1;
        if (successes < rules.recoverAfter()) {
            return new FailedMonitor(0, successes, counted, monitor.incidentId(), monitor.openedAt(), monitor.count());
        }
        incidents.accept(step(
                monitor.incidentId(),
                IncidentAction.RESOLVED,
                result.app(),
                result.jobId(),
                monitor.openedAt(),
                now,
                monitor.count(),
                result.fireId(),
                successes + " fire(s) in a row succeeded; last " + result.runId()));
        return new FailedMonitor(0, 0, counted, null, null, 0);
    }

    private static Incident step(
            String id,
            IncidentAction action,
            String app,
            String jobId,
            Instant openedAt,
            Instant at,
            int count,
            String fireId,
            String message) {
        return Incidents.step(IncidentRule.FAILED, id, action, app, jobId, openedAt, at, count, fireId, message);
    }
}
