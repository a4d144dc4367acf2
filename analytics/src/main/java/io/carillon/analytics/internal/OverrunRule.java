package io.carillon.analytics.internal;

import io.carillon.topics.TopicCatalog;
import io.carillon.topics.events.Incident;
import io.carillon.topics.events.IncidentAction;
import io.carillon.topics.events.IncidentRule;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * The overrun rule ({@code Alerting}), a warning: a run seen starting (a STARTED or PROGRESS result) that has not
 * ended {@code maxRuntimeMs} after its start opens an incident (id {@code overrun:<job>:<run id>}), found by the
 * wall-clock check, so a run that never reports again is found too; the run's terminal result resolves it. A run
 * seen only by its end (its start was not read, or came after it) that ran longer opens and resolves its incident
 * at once. The job's timeout, not this rule, decides when a run is killed. A run seen neither ending nor lost for
 * {@link #FORGET_AFTER} past its start is forgotten, its incident resolved. The last {@value #ENDED_RUNS} runs seen
 * ending are remembered, so a result read again changes nothing. Not thread-safe: one stream task owns it.
 */
final class OverrunRule {

    /** The most running runs followed per job; a run starting beyond is not followed. */
    static final int MAX_RUNNING = 64;

    static final int ENDED_RUNS = 64;
    /** How long after its start a run that was never seen ending is forgotten: the results topic's retention. */
    static final Duration FORGET_AFTER = TopicCatalog.DEFAULT_RETENTION;

    private final KeyValueStore<String, OverrunMonitor> monitors;
    private final DueIndex due;
    private final Consumer<Incident> incidents;

    OverrunRule(
            KeyValueStore<String, OverrunMonitor> monitors,
            KeyValueStore<String, String> due,
            Consumer<Incident> incidents) {
        this.monitors = monitors;
        this.due = new DueIndex(due);
        this.incidents = incidents;
    }

    /** Follows a run starting or ending, under {@code rules}. */
    void onResult(RunResult result, AlertRules rules, Instant now) {
        if (result.status() == RunStatus.WAITING) {
            return;
        }
        OverrunMonitor monitor = monitors.get(result.jobId());
        if (result.status().isTerminal()) {
            if (monitor != null || rules.overrun()) {
                ended(
                        monitor == null ? new OverrunMonitor(result.app(), null, null, null) : monitor,
                        result,
                        rules,
                        now);
            }
            return;
        }
        if (!rules.overrun()
                || (monitor != null
                        && (monitor.knows(result.runId()) || monitor.running().size() >= MAX_RUNNING))) {
            return;
        }
        OverrunMonitor current = monitor == null ? new OverrunMonitor(result.app(), null, null, null) : monitor;
        List<OverrunMonitor.Run> running = new ArrayList<>(current.running());
        Instant startedAt = result.startedAt() != null ? result.startedAt() : now;
        running.add(
                new OverrunMonitor.Run(result.runId(), result.fireId(), startedAt, rules.maxRuntimeMs(), null, null));
        save(result.jobId(), new OverrunMonitor(result.app(), running, current.ended(), current.dueKey()));
    }

    /** Opens the incidents of runs that are now running too long; {@code rulesOf} gives a job's rules (null: gone). */
    void check(Instant now, Function<String, AlertRules> rulesOf) {
        for (KeyValue<String, String> entry : due.due(now)) {
            String jobId = entry.value;
            OverrunMonitor monitor = monitors.get(jobId);
            if (monitor == null) {
                due.remove(entry.key);
                continue;
            }
            AlertRules rules = rulesOf.apply(jobId);
            if (rules == null || !rules.overrun()) {
                stop(jobId, rules == null ? "job deleted" : "the overrun rule does not apply to the job any more", now);
                continue;
            }
            List<OverrunMonitor.Run> running = new ArrayList<>();
            for (OverrunMonitor.Run run : monitor.running()) {
                if (!run.startedAt().plus(FORGET_AFTER).isAfter(now)) {
                    resolve(monitor, jobId, run, now, "no end of the run was seen within " + FORGET_AFTER);
                } else if (!run.isOpen() && !run.overrunsAt().isAfter(now)) {
                    running.add(open(monitor, jobId, run, now));
                } else {
                    running.add(run);
                }
            }
            save(jobId, new OverrunMonitor(monitor.app(), running, monitor.ended(), monitor.dueKey()));
        }
    }

    /** Stops following job {@code jobId}'s runs, resolving their open incidents because {@code why}. */
    void stop(String jobId, String why, Instant now) {
        OverrunMonitor monitor = monitors.get(jobId);
        if (monitor == null) {
            return;
        }
        monitor.running().forEach(run -> resolve(monitor, jobId, run, now, why));
        due.remove(monitor.dueKey());
        monitors.delete(jobId);
    }

    private void ended(OverrunMonitor monitor, RunResult result, AlertRules rules, Instant now) {
        if (monitor.ended().contains(result.runId())) {
            return;
        }
        List<OverrunMonitor.Run> running = new ArrayList<>(monitor.running());
        OverrunMonitor.Run run = running.stream()
                .filter(each -> each.runId().equals(result.runId()))
                .findFirst()
                .orElse(null);
        Instant finishedAt = result.finishedAt() != null ? result.finishedAt() : now;
        String ending = "run " + result.runId() + " ended " + result.status();
        if (run != null) {
            running.remove(run);
            resolve(
                    monitor,
                    result.jobId(),
                    run,
                    now,
                    ending + " after "
                            + Duration.between(run.startedAt(), finishedAt).toMillis() + " ms");
        } else if (rules.overrun()
                && result.startedAt() != null
                && Duration.between(result.startedAt(), finishedAt).toMillis() > rules.maxRuntimeMs()) {
            OverrunMonitor.Run late = new OverrunMonitor.Run(
                    result.runId(), result.fireId(), result.startedAt(), rules.maxRuntimeMs(), null, null);
            resolve(
                    monitor,
                    result.jobId(),
                    open(monitor, result.jobId(), late, now),
                    now,
                    ending + " after "
                            + Duration.between(late.startedAt(), finishedAt).toMillis() + " ms");
        }
        List<String> ended = RecentIds.with(monitor.ended(), result.runId(), ENDED_RUNS);
        save(result.jobId(), new OverrunMonitor(monitor.app(), running, ended, monitor.dueKey()));
    }

    private OverrunMonitor.Run open(OverrunMonitor monitor, String jobId, OverrunMonitor.Run run, Instant now) {
        OverrunMonitor.Run opened = new OverrunMonitor.Run(
                run.runId(),
                run.fireId(),
                run.startedAt(),
                run.maxRuntimeMs(),
                "overrun:" + jobId + ":" + run.runId(),
                now);
        incidents.accept(step(
                monitor,
                jobId,
                opened,
                IncidentAction.OPENED,
                now,
                "warning: run " + run.runId()
                        + " started at " + run.startedAt() + " has been running for more than " + run.maxRuntimeMs()
                        + " ms"));
        return opened;
    }

    private void resolve(OverrunMonitor monitor, String jobId, OverrunMonitor.Run run, Instant now, String why) {
        if (run.isOpen()) {
            incidents.accept(step(monitor, jobId, run, IncidentAction.RESOLVED, now, why));
        }
    }

    private void save(String jobId, OverrunMonitor monitor) {
        Instant next = monitor.running().stream()
                .map(run -> run.isOpen() ? run.startedAt().plus(FORGET_AFTER) : run.overrunsAt())
                .min(Comparator.naturalOrder())
                .orElse(null);
        String key = due.move(monitor.dueKey(), next, jobId);
        monitors.put(jobId, new OverrunMonitor(monitor.app(), monitor.running(), monitor.ended(), key));
    }

    private static Incident step(
            OverrunMonitor monitor,
            String jobId,
            OverrunMonitor.Run run,
            IncidentAction action,
            Instant now,
            String message) {
        return Incidents.step(
                IncidentRule.OVERRUN,
                run.incidentId(),
                action,
                monitor.app(),
                jobId,
                run.openedAt(),
                now,
                1,
                run.fireId(),
                message);
    }
}
