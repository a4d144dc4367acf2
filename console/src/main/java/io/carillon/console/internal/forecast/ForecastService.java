package io.carillon.console.internal.forecast;

import io.carillon.console.internal.access.Authorizer;
import io.carillon.console.internal.calendars.StoredCalendars;
import io.carillon.console.internal.forecast.Forecast.Peak;
import io.carillon.console.internal.forecast.Forecast.PeakJob;
import io.carillon.topics.events.Calendar;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.ScheduleType;
import io.carillon.topics.schedule.CalendarLookup;
import io.carillon.topics.schedule.CalendarSchedules;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;
import org.springframework.stereotype.Service;

/**
 * The fires of the next 24 hours, from the minute after the injected Clock's now, of the caller's readable jobs that
 * fire by themselves (enabled, not paused), counted per minute without the instants their calendars remove (as the
 * planner leaves them out), with the busiest minutes and their jobs. Stateless and thread-safe.
 */
@Service
class ForecastService {

    static final Duration SPAN = Duration.ofHours(24);
    private static final Duration MINUTE = Duration.ofMinutes(1);
    private static final int MINUTES = (int) SPAN.toMinutes();

    private final ForecastRepository repository;
    private final Authorizer authorizer;
    private final StoredCalendars calendars;
    private final ForecastProperties settings;
    private final Clock clock;

    ForecastService(
            ForecastRepository repository,
            Authorizer authorizer,
            StoredCalendars calendars,
            ForecastProperties settings,
            Clock clock) {
        this.repository = repository;
        this.authorizer = authorizer;
        this.calendars = calendars;
        this.settings = settings;
        this.clock = clock;
    }

    Forecast forecast() {
        Instant from = clock.instant().truncatedTo(ChronoUnit.MINUTES).plus(MINUTE);
        Instant to = from.plus(SPAN);
        long[] fires = new long[MINUTES];
        Map<Integer, List<PeakJob>> jobsByMinute = new HashMap<>();
        List<String> cut = new ArrayList<>();
        int unforeseeable = 0;
        int jobs = 0;
        CalendarLookup read = readOnce();
        for (JobDefinition job : repository.firingJobs()) {
            if (!authorizer.canRead(job.app())) {
                continue;
            }
            jobs++;
            if (job.schedule().type() == ScheduleType.FIXED_DELAY) {
                unforeseeable++;
                continue;
            }
            Map<Integer, Long> perMinute = firesPerMinute(job, from, to, cut, read);
            perMinute.forEach((minute, count) -> {
                fires[minute] += count;
                jobsByMinute
                        .computeIfAbsent(minute, key -> new ArrayList<>())
                        .add(new PeakJob(job.id(), job.app(), count, job.jitterMs()));
            });
        }
        return new Forecast(
                from,
                to,
                MINUTE.toMillis(),
                jobs,
                Arrays.stream(fires).sum(),
                Arrays.stream(fires).boxed().toList(),
                peaks(fires, jobsByMinute, from),
                unforeseeable,
                settings.getMaxFiresPerJob(),
                cut);
    }

    /** The stored calendars, each read once in one forecast. */
    private CalendarLookup readOnce() {
        Map<String, Optional<Calendar>> read = new HashMap<>();
        return id -> read.computeIfAbsent(id, key -> Optional.ofNullable(calendars.find(key)))
                .orElse(null);
    }

    private Map<Integer, Long> firesPerMinute(
            JobDefinition job, Instant from, Instant to, List<String> cut, CalendarLookup lookup) {
        Map<Integer, Long> perMinute = new HashMap<>();
        Instant after = from.minusNanos(1);
        for (int counted = 0; ; counted++) {
            Optional<Instant> next =
                    CalendarSchedules.nextAfter(job.schedule(), after, lookup).asOptional();
            if (next.isEmpty() || !next.get().isBefore(to)) {
                return perMinute;
            }
            if (counted == settings.getMaxFiresPerJob()) {
                cut.add(job.id());
                return perMinute;
            }
            int minute = (int) Duration.between(from, next.get()).toMinutes();
            perMinute.merge(minute, 1L, Long::sum);
            after = next.get();
        }
    }

    private List<Peak> peaks(long[] fires, Map<Integer, List<PeakJob>> jobsByMinute, Instant from) {
        return IntStream.range(0, fires.length)
                .filter(minute -> fires[minute] > 0)
                .boxed()
                .sorted(Comparator.<Integer>comparingLong(minute -> fires[minute])
                        .reversed()
                        .thenComparing(minute -> minute))
                .limit(settings.getPeaks())
                .map(minute -> {
                    List<PeakJob> jobs = jobsByMinute.get(minute);
                    return new Peak(
                            from.plus(MINUTE.multipliedBy(minute)),
                            fires[minute],
                            jobs.size(),
                            (int) jobs.stream()
                                    .filter(job -> job.jitterMs() == 0)
                                    .count(),
                            jobs.stream()
                                    .sorted(Comparator.comparingLong(PeakJob::fires)
                                            .reversed()
                                            .thenComparing(PeakJob::jobId))
                                    .limit(settings.getJobsPerPeak())
                                    .toList());
                })
                .toList();
    }
}
