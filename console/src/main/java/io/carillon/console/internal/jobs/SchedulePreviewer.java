package io.carillon.console.internal.jobs;

import io.carillon.console.internal.calendars.StoredCalendars;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.Schedule;
import io.carillon.topics.events.ScheduleType;
import io.carillon.topics.schedule.CalendarSchedules;
import io.carillon.topics.schedule.Schedules;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.springframework.stereotype.Component;

/**
 * The next fire times of a job's schedule from now, its calendars applied as the planner applies them
 * ({@link CalendarSchedules#nextAfter}), and the instants the calendars remove among them, each naming its calendar.
 * FIXED_DELAY times assume runs that take no time (each delay counts from the previous time). Thread-safe.
 */
@Component
class SchedulePreviewer {

    /** The most instants removed by calendars one answer lists beside its fire times. */
    static final int MAX_SKIPPED_SHOWN = 100;

    private final StoredCalendars calendars;
    private final Clock clock;

    public SchedulePreviewer(StoredCalendars calendars, Clock clock) {
        this.calendars = calendars;
        this.clock = clock;
    }

    /** Up to {@code count} fire times of {@code job} after now; fewer when the schedule ends or its calendars stop it. */
    public FireTimes preview(JobDefinition job, int count) {
        Schedule schedule = job.schedule();
        Instant from = clock.instant();
        List<Instant> times = new ArrayList<>();
        List<Skipped> skipped = new ArrayList<>();
        String stopped = null;
        Instant after = from;
        while (times.size() < count) {
            CalendarSchedules.Next next = CalendarSchedules.nextAfter(schedule, after, calendars);
            addSkipped(schedule, after, next.searchedUntil(), skipped);
            if (next.instant() == null) {
                stopped = next.gaveUpBecause();
                break;
            }
            times.add(next.instant());
            after = next.instant();
        }
        return new FireTimes(job.id(), job.enabled(), from, times, skipped, stopped);
    }

    private void addSkipped(Schedule schedule, Instant after, Instant until, List<Skipped> skipped) {
        if (!schedule.usesCalendars()) {
            return;
        }
        for (Optional<Instant> instant = Schedules.nextAfter(schedule, after);
                instant.isPresent() && !instant.get().isAfter(until) && skipped.size() < MAX_SKIPPED_SHOWN;
                instant = schedule.type() == ScheduleType.FIXED_DELAY
                        ? Optional.empty()
                        : Schedules.nextAfter(schedule, instant.get())) {
            Instant at = instant.get();
            CalendarSchedules.removedBy(schedule, at, calendars)
                    .ifPresent(calendar -> skipped.add(new Skipped(at, calendar)));
        }
    }

    /**
     * The answer of the preview endpoint: the fire times after {@code from}, whether or not the job is enabled; the
     * instants its calendars remove up to the last of them (at most {@value #MAX_SKIPPED_SHOWN}); and, when the
     * calendars stopped the search, why ({@code stoppedBecause}, else null).
     */
    public record FireTimes(
            String jobId,
            boolean enabled,
            Instant from,
            List<Instant> fireTimes,
            List<Skipped> skipped,
            String stoppedBecause) {}

    /** An instant of the schedule that does not fire, and the calendar that removes it. */
    public record Skipped(Instant at, String skippedBy) {}
}
