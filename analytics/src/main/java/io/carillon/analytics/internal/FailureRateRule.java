package io.carillon.analytics.internal;

import io.carillon.topics.events.Incident;
import io.carillon.topics.events.IncidentAction;
import io.carillon.topics.events.IncidentRule;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.RunResult;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * The failure-rate rule ({@code Alerting}), per job: of the fires counted ({@link FireOutcome}) whose results fall in
 * the last {@code failureRateWindowMs}, more than {@code failureRatePercent} % failed, with at least
 * {@code failureRateMinRuns} counted, opens an incident (id {@code failure-rate:<job>:<millis when it opened>}, its
 * count the failed fires in the window); each further failed fire while it is open updates it (count one more); once
 * the share is at or below the limit again (fires leaving the window, or succeeding) it resolves. Fires are counted in
 * {@value #BUCKETS} buckets of a window's sixtieth, so the window slides by that step and each job's state stays small;
 * a result older than the window does not count. A wall-clock check drops buckets that left the window, so a job that
 * stops running resolves too. The last {@value #COUNTED_FIRES} fires counted are remembered, so a result read again
 * changes nothing. Not thread-safe: one stream task owns it.
 */
final class FailureRateRule {

    static final int BUCKETS = 60;
    static final int COUNTED_FIRES = 64;
    private static final int PERCENT = 100;

    private final KeyValueStore<String, FailureRateMonitor> monitors;
    private final DueIndex due;
    private final Consumer<Incident> incidents;

    FailureRateRule(
            KeyValueStore<String, FailureRateMonitor> monitors,
            KeyValueStore<String, String> due,
            Consumer<Incident> incidents) {
        this.monitors = monitors;
        this.due = new DueIndex(due);
        this.incidents = incidents;
    }

    /** Counts terminal {@code result} of {@code job} (null: not known), counted at {@code at}, under {@code rules}. */
    void onResult(RunResult result, JobDefinition job, AlertRules rules, Instant at, Instant now) {
        FireOutcome outcome = FireOutcome.of(result, job);
        if (!rules.failureRate() || outcome == FireOutcome.NOT_COUNTED) {
            return;
        }
        String fire = FireOutcome.originalFire(result.fireId());
        FailureRateMonitor monitor = monitors.get(result.jobId());
        if (monitor == null || monitor.windowMs() != rules.failureRateWindowMs()) {
            monitor = new FailureRateMonitor(
                    result.app(),
                    rules.failureRateWindowMs(),
                    null,
                    monitor == null ? null : monitor.countedFires(),
                    monitor == null ? null : monitor.incidentId(),
                    monitor == null ? null : monitor.openedAt(),
                    monitor == null ? 0 : monitor.count(),
                    monitor == null ? null : monitor.dueKey());
        }
        long bucketMs = monitor.bucketMs();
        long start = StatsWindows.startOf(Math.min(at.toEpochMilli(), now.toEpochMilli()), bucketMs);
        if (monitor.countedFires().contains(fire) || start + bucketMs <= windowStart(rules, now)) {
            return;
        }
        boolean failed = outcome == FireOutcome.FAILED;
        List<FailureRateMonitor.Bucket> buckets = new ArrayList<>(monitor.buckets());
        int index = indexOf(buckets, start);
        FailureRateMonitor.Bucket bucket =
                index < 0 ? new FailureRateMonitor.Bucket(start, 0, 0) : buckets.remove(index);
        buckets.add(new FailureRateMonitor.Bucket(start, bucket.fires() + 1, bucket.failed() + (failed ? 1 : 0)));
        buckets.sort((a, b) -> Long.compare(a.start(), b.start()));
        FailureRateMonitor counted = new FailureRateMonitor(
                monitor.app(),
                monitor.windowMs(),
                buckets,
                RecentIds.with(monitor.countedFires(), fire, COUNTED_FIRES),
                monitor.incidentId(),
                monitor.openedAt(),
                monitor.count(),
                monitor.dueKey());
        save(result.jobId(), judge(result.jobId(), counted, rules, failed ? result.fireId() : null, now));
    }

    /** Drops the buckets that left their job's window and judges the job again. */
    void check(Instant now, Function<String, AlertRules> rulesOf) {
        for (KeyValue<String, String> entry : due.due(now)) {
            String jobId = entry.value;
            FailureRateMonitor monitor = monitors.get(jobId);
            AlertRules rules = monitor == null ? null : rulesOf.apply(jobId);
            if (monitor == null) {
                due.remove(entry.key);
            } else if (rules == null || !rules.failureRate()) {
                stop(
                        jobId,
                        rules == null ? "job deleted" : "the failure rate rule does not apply to the job any more",
                        now);
            } else {
                save(jobId, judge(jobId, monitor, rules, null, now));
            }
        }
    }

    /** Stops the rule for job {@code jobId}, resolving its open incident, if any, because {@code why}. */
    void stop(String jobId, String why, Instant now) {
        FailureRateMonitor monitor = monitors.get(jobId);
        if (monitor == null) {
            return;
        }
        if (monitor.isOpen()) {
            incidents.accept(step(monitor, jobId, IncidentAction.RESOLVED, now, null, why));
        }
        due.remove(monitor.dueKey());
        monitors.delete(jobId);
    }

    /** The monitor with the buckets in the window at {@code now}, its incident opened, updated or resolved. */
    private FailureRateMonitor judge(
            String jobId, FailureRateMonitor monitor, AlertRules rules, String failedFire, Instant now) {
        long windowStart = now.toEpochMilli() - monitor.windowMs();
        List<FailureRateMonitor.Bucket> inWindow = monitor.buckets().stream()
                .filter(bucket -> bucket.start() + monitor.bucketMs() > windowStart)
                .toList();
        FailureRateMonitor current = new FailureRateMonitor(
                monitor.app(),
                monitor.windowMs(),
                inWindow,
                monitor.countedFires(),
                monitor.incidentId(),
                monitor.openedAt(),
                monitor.count(),
                monitor.dueKey());
        int fires = current.fires();
        int failed = current.failed();
        boolean above = (long) failed * PERCENT > (long) rules.failureRatePercent() * fires;
        String message = failed + " of " + fires + " fire(s) failed over the last " + rules.failureRateWindowMs()
                + " ms; more than " + rules.failureRatePercent() + " % is too many";
        if (!current.isOpen() && above && fires >= rules.failureRateMinRuns()) {
            FailureRateMonitor opened =
                    withIncident(current, "failure-rate:" + jobId + ":" + now.toEpochMilli(), now, failed);
            incidents.accept(step(opened, jobId, IncidentAction.OPENED, now, failedFire, message));
            return opened;
        }
        if (current.isOpen() && !above) {
            incidents.accept(step(current, jobId, IncidentAction.RESOLVED, now, null, message));
            return withIncident(current, null, null, 0);
        }
        if (current.isOpen() && failedFire != null) {
            FailureRateMonitor updated =
                    withIncident(current, current.incidentId(), current.openedAt(), current.count() + 1);
            incidents.accept(step(updated, jobId, IncidentAction.UPDATED, now, failedFire, message));
            return updated;
        }
        return current;
    }

    private void save(String jobId, FailureRateMonitor monitor) {
        String key = due.move(monitor.dueKey(), monitor.nextExpiry(), jobId);
        monitors.put(
                jobId,
                new FailureRateMonitor(
                        monitor.app(),
                        monitor.windowMs(),
                        monitor.buckets(),
                        monitor.countedFires(),
                        monitor.incidentId(),
                        monitor.openedAt(),
                        monitor.count(),
                        key));
    }

    private static long windowStart(AlertRules rules, Instant now) {
        return now.toEpochMilli() - rules.failureRateWindowMs();
    }

    private static int indexOf(List<FailureRateMonitor.Bucket> buckets, long start) {
        for (int i = 0; i < buckets.size(); i++) {
            if (buckets.get(i).start() == start) {
                return i;
            }
        }
        return -1;
    }

    private static FailureRateMonitor withIncident(FailureRateMonitor monitor, String id, Instant openedAt, int count) {
        return new FailureRateMonitor(
                monitor.app(),
                monitor.windowMs(),
                monitor.buckets(),
                monitor.countedFires(),
                id,
                openedAt,
                count,
                monitor.dueKey());
    }

    private static Incident step(
            FailureRateMonitor monitor,
            String jobId,
            IncidentAction action,
            Instant now,
            String fireId,
            String message) {
        return Incidents.step(
                IncidentRule.FAILURE_RATE,
                monitor.incidentId(),
                action,
                monitor.app(),
                jobId,
                monitor.openedAt(),
                now,
                monitor.count(),
                fireId,
                message);
    }
}
