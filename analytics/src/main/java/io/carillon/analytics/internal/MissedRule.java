package io.carillon.analytics.internal;

import io.carillon.analytics.internal.MissedMonitor.StartedRun;
import io.carillon.topics.events.FireIds;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.Incident;
import io.carillon.topics.events.IncidentAction;
import io.carillon.topics.events.IncidentRule;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.Schedule;
import io.carillon.topics.events.ScheduleType;
import io.carillon.topics.schedule.CalendarLookup;
import io.carillon.topics.schedule.CalendarSchedules;
import io.carillon.topics.schedule.Schedules;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * The missed rule ({@code Alerting}): the instants a job should fire at are computed from its schedule
 * ({@link Schedules}, as the planner computes them), starting from when the job was read; each must start (a result
 * of its scheduled or misfire fire from a worker, or with a start time) within the job's jitter plus
 * {@code startGraceMs}. The planner starts a new or rescheduled job at the first instant after it read the job, which
 * can be later than this app read it: until an instant has been judged, instants before a later one seen starting in
 * time are not expected (the planner never planned them); when none starts within the grace of the first, the first
 * is judged as any other. An instant that does not start, whether its fire was emitted or not, is missed: the first
 * opens an incident (id {@code missed:<job>:<instant millis>}), later ones update it (one step per check with the
 * instants missed since), and the next instant that starts in time resolves it. A disabled or deleted job, or one
 * whose rule is off, resolves its open incident. CRON, FIXED_RATE and ONCE schedules are monitored; FIXED_DELAY
 * (whose instants follow the end of each run) and NONE are not. An instant a calendar of the schedule removes
 * ({@code skip}, {@code onlyOn}) is not expected.
 *
 * <p>Each monitored job has one entry in a due store ({@code <due millis>|<job>}), so a check reads only the jobs
 * whose next instant is due. Not thread-safe: one stream task owns it.
 */
final class MissedRule {

    /** The most instants one check judges missed per job; beyond, it jumps to the next instant after now. */
    static final int MAX_MISSED_PER_CHECK = 1_000;
    /**
     * The most runs of later instants remembered as started in time ahead of the one expected. A run holds any
     * number of consecutive instants, so a job whose expected instant is missing (never fired) remembers every
     * instant that starts after it, however many fall within the grace, in one run.
     */
    static final int MAX_STARTED_RUNS = 16;
    /** The most instants removed by calendars one check passes over per job; beyond, it jumps past now. */
    static final int MAX_REMOVED_PER_CHECK = 10_000;

    private final KeyValueStore<String, MissedMonitor> monitors;
    private final DueIndex due;
    private final Consumer<Incident> incidents;
    private final CalendarLookup calendars;

    MissedRule(
            KeyValueStore<String, MissedMonitor> monitors,
            KeyValueStore<String, String> due,
            Consumer<Incident> incidents,
            CalendarLookup calendars) {
        this.calendars = calendars;
        this.monitors = monitors;
        this.incidents = incidents;
        this.due = new DueIndex(due);
    }

    /** Follows a new or changed definition of a job, under {@code rules}. */
    void onJob(JobDefinition job, AlertRules rules, Instant now) {
        if (!job.enabled() || !rules.missed() || !isMonitored(job.schedule().type())) {
            stop(job.id(), job.enabled() ? "the missed rule does not apply to the job any more" : "job disabled", now);
            return;
        }
        MissedMonitor current = monitors.get(job.id());
        if (current != null
                && current.schedule().equals(job.schedule())
                && current.jitterMs() == job.jitterMs()
                && current.graceMs() == rules.startGraceMs()) {
            return;
        }
        MissedMonitor monitor = new MissedMonitor(
                job.app(),
                job.schedule(),
                job.jitterMs(),
                rules.startGraceMs(),
                Schedules.nextAfter(job.schedule(), now).orElse(null),
                List.of(),
                current == null ? null : current.incidentId(),
                current == null ? null : current.openedAt(),
                current == null ? 0 : current.count(),
                current == null ? null : current.dueKey(),
                current == null || !current.schedule().equals(job.schedule()) || current.takingOn());
        save(job.id(), monitor);
    }

    /** Stops monitoring {@code jobId}, resolving its open incident, if any, because {@code why}. */
    void stop(String jobId, String why, Instant now) {
        MissedMonitor monitor = monitors.get(jobId);
        if (monitor == null) {
            return;
        }
        if (monitor.isOpen()) {
            incidents.accept(step(monitor, IncidentAction.RESOLVED, jobId, now, monitor.count(), null, why));
        }
        due.remove(monitor.dueKey());
        monitors.delete(jobId);
    }

    /** Takes note of a result: whether it shows a scheduled instant starting. */
    void onResult(RunResult result, Instant now) {
        boolean scheduled = result.kind() == FireKind.SCHEDULED || result.kind() == FireKind.MISFIRE;
        if (!scheduled || result.scheduledAt() == null || (result.instance() == null && result.startedAt() == null)) {
            return;
        }
        MissedMonitor monitor = monitors.get(result.jobId());
        if (monitor == null
                || monitor.expected() == null
                || result.scheduledAt().isBefore(monitor.expected())) {
            return;
        }
        Instant instant = result.scheduledAt();
        Instant startedAt = result.startedAt() != null ? result.startedAt() : now;
        boolean inTime = !startedAt.isAfter(monitor.dueOf(instant));
        if (instant.isAfter(monitor.expected())) {
            if (inTime && !monitor.seenStartingAhead(instant)) {
                List<StartedRun> runs = withStarted(monitor, instant);
                if (runs != null) {
                    monitors.put(result.jobId(), monitor.expecting(monitor.expected(), runs));
                }
            }
            return;
        }
        MissedMonitor judged = inTime
                ? startedInTime(result.jobId(), monitor.takenOn(), instant, now)
                : missed(result.jobId(), monitor.takenOn(), List.of(instant), false, now);
        Instant next = Schedules.nextAfter(monitor.schedule(), instant).orElse(null);
        save(result.jobId(), advance(result.jobId(), judged.expecting(next, judged.startedRuns()), now));
    }

    /** Judges every job whose expected instant is due at {@code now}. */
    void check(Instant now) {
        for (KeyValue<String, String> entry : due.due(now)) {
            String jobId = entry.value;
            MissedMonitor stored = monitors.get(jobId);
            if (stored == null) {
                due.remove(entry.key);
                continue;
            }
            MissedMonitor monitor = pastInstantsNeverPlanned(jobId, stored, now);
            List<Instant> missed = new ArrayList<>();
            Instant expected = pastRemoved(monitor, monitor.expected(), now);
            while (isDueUnstarted(monitor, expected, now) && missed.size() < MAX_MISSED_PER_CHECK) {
                missed.add(expected);
                expected = pastRemoved(
                        monitor,
                        Schedules.nextAfter(monitor.schedule(), expected).orElse(null),
                        now);
            }
            boolean cut = isDueUnstarted(monitor, expected, now);
            if (cut) {
                expected = Schedules.nextAfter(monitor.schedule(), now).orElse(null);
            }
            MissedMonitor judged = missed(jobId, missed.isEmpty() ? monitor : monitor.takenOn(), missed, cut, now)
                    .expecting(expected, monitor.startedRuns());
            save(jobId, advance(jobId, judged, now));
        }
    }

    /**
     * A job not judged yet whose expected instant is due while a later one was seen starting in time: the planner
     * took it on after that later instant's predecessors, so the monitor moves to the later one and on.
     */
    private MissedMonitor pastInstantsNeverPlanned(String jobId, MissedMonitor monitor, Instant now) {
        if (!monitor.takingOn()
                || monitor.startedRuns().isEmpty()
                || !isDueUnstarted(monitor, monitor.expected(), now)) {
            return monitor;
        }
        return advance(
                jobId,
                monitor.expecting(monitor.startedRuns().get(0).from(), monitor.startedRuns())
                        .takenOn(),
                now);
    }

    /**
     * {@code instant}, or when a calendar of the schedule removes it and it is due, the first instant after it that
     * is not due yet or that no calendar removes: a removed instant is never expected. The calendars are read as the
     * instant comes due, as the planner reads them when it writes the instant. Past {@link #MAX_REMOVED_PER_CHECK}
     * removed instants it moves on to the first instant after now.
     */
    private Instant pastRemoved(MissedMonitor monitor, Instant instant, Instant now) {
        Schedule schedule = monitor.schedule();
        Instant current = instant;
        for (int passed = 0;
                current != null
                        && schedule.usesCalendars()
                        && !monitor.dueOf(current).isAfter(now)
                        && CalendarSchedules.removedBy(schedule, current, calendars)
                                .isPresent();
                passed++) {
            if (passed == MAX_REMOVED_PER_CHECK) {
                return Schedules.nextAfter(schedule, now).orElse(null);
            }
            current = Schedules.nextAfter(schedule, current).orElse(null);
        }
        return current;
    }

    /** Whether {@code instant} is due at {@code now} and was not seen starting in time ahead of its turn. */
    private static boolean isDueUnstarted(MissedMonitor monitor, Instant instant, Instant now) {
        return instant != null && !monitor.dueOf(instant).isAfter(now) && !monitor.seenStartingAhead(instant);
    }

    /**
     * The runs with {@code instant} added: the run it follows is extended (and joined to the next one when it closes
     * the gap), else it starts a run of its own; null when that would exceed {@link #MAX_STARTED_RUNS}.
     */
    private static List<StartedRun> withStarted(MissedMonitor monitor, Instant instant) {
        List<StartedRun> runs = new ArrayList<>(monitor.startedRuns());
        int after = 0;
        while (after < runs.size() && runs.get(after).to().isBefore(instant)) {
            after++;
        }
        StartedRun previous = after > 0 ? runs.get(after - 1) : null;
        boolean follows = previous != null
                && instant.equals(
                        Schedules.nextAfter(monitor.schedule(), previous.to()).orElse(null));
        if (follows) {
            StartedRun next = after < runs.size() ? runs.get(after) : null;
            boolean joins = next != null
                    && next.from()
                            .equals(Schedules.nextAfter(monitor.schedule(), instant)
                                    .orElse(null));
            runs.set(after - 1, new StartedRun(previous.from(), joins ? next.to() : instant));
            if (joins) {
                runs.remove(after);
            }
            return runs;
        }
        if (runs.size() >= MAX_STARTED_RUNS) {
            return null;
        }
        runs.add(after, new StartedRun(instant, instant));
        return runs;
    }

    private MissedMonitor startedInTime(String jobId, MissedMonitor monitor, Instant instant, Instant now) {
        if (!monitor.isOpen()) {
            return monitor;
        }
        incidents.accept(step(
                monitor,
                IncidentAction.RESOLVED,
                jobId,
                now,
                monitor.count(),
                FireIds.scheduled(jobId, instant),
                "scheduled instant " + instant + " started in time"));
        return monitor.withIncident(null, null, 0);
    }

    private MissedMonitor missed(
            String jobId, MissedMonitor monitor, List<Instant> instants, boolean cut, Instant now) {
        if (instants.isEmpty()) {
            return monitor;
        }
        Instant first = instants.get(0);
        Instant last = instants.get(instants.size() - 1);
        String message = (cut ? "at least " : "") + instants.size() + " scheduled instant(s) from " + first + " to "
                + last + " did not start within " + (monitor.jitterMs() + monitor.graceMs()) + " ms";
        String fireId = FireIds.scheduled(jobId, last);
        if (monitor.isOpen()) {
            int count = monitor.count() + instants.size();
            incidents.accept(step(monitor, IncidentAction.UPDATED, jobId, now, count, fireId, message));
            return monitor.withIncident(monitor.incidentId(), monitor.openedAt(), count);
        }
        MissedMonitor opened =
                monitor.withIncident("missed:" + jobId + ":" + first.toEpochMilli(), now, instants.size());
        incidents.accept(step(opened, IncidentAction.OPENED, jobId, now, opened.count(), fireId, message));
        return opened;
    }

    /** Moves past the instants already seen starting in time, resolving the incident if one is open. */
    private MissedMonitor advance(String jobId, MissedMonitor monitor, Instant now) {
        MissedMonitor current = monitor;
        Instant expected = current.expected();
        List<StartedRun> runs = new ArrayList<>();
        for (StartedRun run : current.startedRuns()) {
            if (expected != null && !run.to().isBefore(expected)) {
                runs.add(run.from().isBefore(expected) ? new StartedRun(expected, run.to()) : run);
            }
        }
        Instant next = expected;
        while (next != null && !runs.isEmpty() && runs.get(0).from().equals(next)) {
            StartedRun run = runs.remove(0);
            current = startedInTime(jobId, current, next, now);
            next = Schedules.nextAfter(current.schedule(), run.to()).orElse(null);
        }
        return current.expecting(next, runs);
    }

    private void save(String jobId, MissedMonitor monitor) {
        String key = due.move(
                monitor.dueKey(), monitor.expected() == null ? null : monitor.dueOf(monitor.expected()), jobId);
        monitors.put(jobId, monitor.withDueKey(key));
    }

    private static Incident step(
            MissedMonitor monitor,
            IncidentAction action,
            String jobId,
            Instant now,
            int count,
            String fireId,
            String message) {
        return Incidents.step(
                IncidentRule.MISSED,
                monitor.incidentId(),
                action,
                monitor.app(),
                jobId,
                monitor.openedAt(),
                now,
                count,
                fireId,
                message);
    }

    private static boolean isMonitored(ScheduleType type) {
        return type == ScheduleType.CRON || type == ScheduleType.FIXED_RATE || type == ScheduleType.ONCE;
    }
}
