package io.carillon.analytics.internal;

import io.carillon.topics.events.Schedule;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The missed rule's state of one job: the schedule it follows, the next instant it waits for ({@code expected}),
 * later instants already seen starting in time ({@code startedRuns}: runs of consecutive instants of the schedule,
 * earliest first), the open incident, if any, the key of the job's entry in the due store, and whether no instant of
 * the schedule has been judged yet ({@code takingOn}: the planner may have taken the job on after this app read it).
 * {@code startedAhead} is how a state stored by an earlier version listed those instants one by one: it is read into
 * {@code startedRuns} and never written; such a state reads as not {@code takingOn}.
 */
record MissedMonitor(
        String app,
        Schedule schedule,
        long jitterMs,
        long graceMs,
        Instant expected,
        List<StartedRun> startedRuns,
        String incidentId,
        Instant openedAt,
        int count,
        String dueKey,
        boolean takingOn,
        List<Instant> startedAhead) {

    /** The consecutive instants of the schedule from {@code from} to {@code to}, each seen starting in time. */
    record StartedRun(Instant from, Instant to) {

        boolean contains(Instant instant) {
            return !instant.isBefore(from) && !instant.isAfter(to);
        }
    }

    MissedMonitor {
        startedRuns = startedRuns == null ? List.of() : List.copyOf(startedRuns);
        if (startedAhead != null) {
            List<StartedRun> runs = new ArrayList<>(startedRuns);
            startedAhead.forEach(instant -> runs.add(new StartedRun(instant, instant)));
            runs.sort(Comparator.comparing(StartedRun::from));
            startedRuns = List.copyOf(runs);
        }
        startedAhead = null;
    }

    MissedMonitor(
            String app,
            Schedule schedule,
            long jitterMs,
            long graceMs,
            Instant expected,
            List<StartedRun> startedRuns,
            String incidentId,
            Instant openedAt,
            int count,
            String dueKey,
            boolean takingOn) {
        this(
                app,
                schedule,
                jitterMs,
                graceMs,
                expected,
                startedRuns,
                incidentId,
                openedAt,
                count,
                dueKey,
                takingOn,
                null);
    }

    boolean isOpen() {
        return incidentId != null;
    }

    /** Whether {@code instant} was seen starting in time ahead of its turn. */
    boolean seenStartingAhead(Instant instant) {
        return startedRuns.stream().anyMatch(run -> run.contains(instant));
    }

    /** When {@code instant} must have started: its instant plus the job's jitter and start grace. */
    Instant dueOf(Instant instant) {
        return instant.plusMillis(jitterMs + graceMs);
    }

    MissedMonitor expecting(Instant next, List<StartedRun> runs) {
        return new MissedMonitor(
                app, schedule, jitterMs, graceMs, next, runs, incidentId, openedAt, count, dueKey, takingOn);
    }

    MissedMonitor withIncident(String id, Instant opened, int newCount) {
        return new MissedMonitor(
                app, schedule, jitterMs, graceMs, expected, startedRuns, id, opened, newCount, dueKey, takingOn);
    }

    MissedMonitor withDueKey(String key) {
        return new MissedMonitor(
                app, schedule, jitterMs, graceMs, expected, startedRuns, incidentId, openedAt, count, key, takingOn);
    }

    /** The same state with an instant judged: from now on every instant counts. */
    MissedMonitor takenOn() {
        return takingOn
                ? new MissedMonitor(
                        app,
                        schedule,
                        jitterMs,
                        graceMs,
                        expected,
                        startedRuns,
                        incidentId,
                        openedAt,
                        count,
                        dueKey,
                        false)
                : this;
    }
}
