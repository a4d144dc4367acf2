package io.carillon.console.internal.jobs;

import io.carillon.console.internal.calendars.StoredCalendars;
import io.carillon.console.internal.web.InvalidInputException;
import io.carillon.topics.FieldError;
import io.carillon.topics.ScheduleValidator;
import io.carillon.topics.events.Schedule;
import io.carillon.topics.events.ScheduleType;
import io.carillon.topics.schedule.CalendarSchedules;
import io.carillon.topics.schedule.Schedules;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.springframework.stereotype.Service;

/**
 * Previews a schedule that is not saved ({@code POST /api/v1/schedules/preview}): its next fires, its words, its
 * daylight-saving notes over {@code carillon.console.jobs.dst-lookahead}, and its fires per day against
 * {@code fires-per-day-warning}, so a form can warn about {@code * * 9 * * ?} (3,600 fires, not one) before saving.
 * Needs no grant beyond signing in: it reads nothing stored. Thread-safe.
 */
@Service
class SchedulePreviews {

    /** Field errors of the schedule are named under this prefix, as in a job body. */
    public static final String FIELD = "schedule";

    private static final Duration DAY = Duration.ofDays(1);
    /** The most fires a day holds at cron's one-second resolution, a 25-hour day included. */
    private static final long MAX_CRON_FIRES_PER_DAY = Duration.ofHours(25).toSeconds();

    /** The most instants removed by calendars one preview lists, struck through, besides its fires. */
    static final int MAX_SKIPPED_SHOWN = 100;

    private final JobProperties settings;
    private final StoredCalendars calendars;
    private final Clock clock;

    SchedulePreviews(JobProperties settings, StoredCalendars calendars, Clock clock) {
        this.settings = settings;
        this.calendars = calendars;
        this.clock = clock;
    }

    /**
     * The preview of {@code schedule} from {@code from} (null: now) with {@code count} fires, its words in
     * {@code words}' language (Chinese or English).
     *
     * @throws InvalidInputException naming each bad field of the schedule, under {@code schedule.}
     */
    public SchedulePreview preview(Schedule schedule, Instant from, int count, Locale words) {
        List<FieldError> problems = new ArrayList<>(ScheduleValidator.validate(schedule, FIELD));
        if (problems.isEmpty()) {
            problems.addAll(calendars.unknownIn(schedule, FIELD));
        }
        if (!problems.isEmpty()) {
            throw InvalidInputException.of(problems);
        }
        Instant start = from == null ? clock.instant() : from;
        ZoneId zone = Schedules.zoneOf(schedule);
        List<SchedulePreview.Fire> fires = new ArrayList<>();
        int kept = 0;
        for (Optional<Instant> next = Schedules.nextAfter(schedule, start);
                next.isPresent() && kept < count && fires.size() < count + MAX_SKIPPED_SHOWN;
                next = Schedules.nextAfter(schedule, next.get())) {
            String skippedBy =
                    CalendarSchedules.removedBy(schedule, next.get(), calendars).orElse(null);
            fires.add(
                    new SchedulePreview.Fire(next.get(), next.get().atZone(zone).toOffsetDateTime(), skippedBy));
            kept += skippedBy == null ? 1 : 0;
        }
        List<DstNote> notes = schedule.type() == ScheduleType.CRON
                ? DstNotes.of(schedule, start, start.plus(settings.getDstLookahead()))
                : List.of();
        long perDay =
                firesPerDay(schedule, fires.isEmpty() ? null : fires.get(0).at());
        boolean tooFrequent = perDay > settings.getFiresPerDayWarning();
        String warning = tooFrequent
                ? "this schedule fires " + perDay + " times a day, more than "
                        + settings.getFiresPerDayWarning()
                        + (schedule.type() == ScheduleType.CRON
                                ? "; check the seconds and minutes fields ('* * 9 * * ?' fires every second from 09:00 to"
                                        + " 09:59, '0 0 9 * * ?' once at 09:00)"
                                : "")
                : null;
        return new SchedulePreview(
                Schedules.describe(schedule, words), zone.getId(), start, fires, notes, perDay, tooFrequent, warning);
    }

    private static long firesPerDay(Schedule schedule, Instant first) {
        return switch (schedule.type()) {
            case FIXED_RATE, FIXED_DELAY -> DAY.toMillis() / schedule.intervalMs();
            case ONCE -> first == null ? 0 : 1;
            case NONE -> 0;
            case CRON -> first == null ? 0 : countCronFires(schedule, first);
        };
    }

    private static long countCronFires(Schedule schedule, Instant first) {
        Instant end = first.plus(DAY);
        long count = 0;
        for (Optional<Instant> next = Optional.of(first);
                next.isPresent() && next.get().isBefore(end) && count < MAX_CRON_FIRES_PER_DAY;
                next = Schedules.nextAfter(schedule, next.get())) {
            count++;
        }
        return count;
    }
}
