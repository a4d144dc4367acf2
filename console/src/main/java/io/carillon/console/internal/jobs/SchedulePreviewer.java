package io.carillon.console.internal.jobs;

import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.schedule.Schedules;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.springframework.stereotype.Component;

/**
 * The next fire times of a job's schedule from now, as {@link Schedules} computes them. FIXED_DELAY times assume
 * runs that take no time (each delay counts from the previous time). Thread-safe.
 */
@Component
class SchedulePreviewer {

    private final Clock clock;

    public SchedulePreviewer(Clock clock) {
        this.clock = clock;
    }

    /** Up to {@code count} fire times of {@code job} after now; fewer when the schedule ends. */
    public FireTimes preview(JobDefinition job, int count) {
        Instant from = clock.instant();
        List<Instant> times = new ArrayList<>();
        Instant after = from;
        while (times.size() < count) {
            Optional<Instant> next = Schedules.nextAfter(job.schedule(), after);
            if (next.isEmpty()) {
                break;
            }
            times.add(next.get());
            after = next.get();
        }
        return new FireTimes(job.id(), job.enabled(), from, times);
    }

    /** The answer of the preview endpoint: the fire times after {@code from}, whether or not the job is enabled. */
    public record FireTimes(String jobId, boolean enabled, Instant from, List<Instant> fireTimes) {}
}
