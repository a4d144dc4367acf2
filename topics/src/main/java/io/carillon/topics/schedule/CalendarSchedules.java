package io.carillon.topics.schedule;

import io.carillon.topics.events.Calendar;
import io.carillon.topics.events.Schedule;
import io.carillon.topics.events.ScheduleType;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The instants of a {@link Schedule} that survive its calendars ({@link Schedule#skip()}, {@link Schedule#onlyOn()}),
 * and which calendar removed an instant that does not. The planner, the analytics app and the console's previews
 * all ask here, so they agree. Stateless and thread-safe (as far as the {@link CalendarLookup} passed is).
 *
 * <p>An instant is removed by {@code onlyOn} when it does not fall in that calendar, and by the first calendar of
 * {@code skip} it falls in. A calendar is judged in its own zone, or in the schedule's ({@link Schedules#zoneOf})
 * when it has none, so a holiday is the whole local day across a change of offset. A calendar the lookup does not
 * know removes every instant: a job that must skip holidays does not fire on one because its calendar is missing.
 */
public final class CalendarSchedules {

    /** The most removed instants {@link #nextAfter} steps over before it gives up. */
    public static final int MAX_CANDIDATES = 1_000;

    private CalendarSchedules() {}

    /** The result of {@link #nextAfter}: the surviving instant, none left, or a search given up. */
    public record Next(Instant instant, Instant searchedUntil, String gaveUpBecause) {

        static Next found(Instant instant) {
            return new Next(instant, instant, null);
        }

        static Next none(Instant searchedUntil) {
            return new Next(null, searchedUntil, null);
        }

        /** The surviving instant, empty when there is none or the search gave up. */
        public Optional<Instant> asOptional() {
            return Optional.ofNullable(instant);
        }

        /** Whether the search stopped before it found an instant or the end of the schedule. */
        public boolean gaveUp() {
            return gaveUpBecause != null;
        }
    }

    /** One instant of a schedule and the calendar that removed it (null when it fires). */
    public record Candidate(Instant instant, String removedBy) {

        public boolean removed() {
            return removedBy != null;
        }
    }

    /** The id of the calendar that removes {@code instant} from {@code schedule}, empty when it fires. */
    public static Optional<String> removedBy(Schedule schedule, Instant instant, CalendarLookup calendars) {
        if (!schedule.usesCalendars()) {
            return Optional.empty();
        }
        if (schedule.onlyOn() != null) {
            Calendar only = calendars.find(schedule.onlyOn());
            if (only == null || !CalendarCoverage.contains(only, instant, zone(only, schedule))) {
                return Optional.of(schedule.onlyOn());
            }
        }
        if (schedule.skip() != null) {
            for (String id : schedule.skip()) {
                Calendar skipped = calendars.find(id);
                if (skipped == null || CalendarCoverage.contains(skipped, instant, zone(skipped, schedule))) {
                    return Optional.of(id);
                }
            }
        }
        return Optional.empty();
    }

    /**
     * The first instant of {@code schedule} strictly after {@code after} that no calendar removes. Steps over a
     * stretch a calendar covers in one go (a skipped holiday, a weekend outside {@code onlyOn}), and gives up after
     * {@link #MAX_CANDIDATES} removed instants, or at an unknown calendar or one that lets no instant through within
     * about ten years, saying why. The schedule must be valid; for FIXED_DELAY {@code after} is the previous run's
     * end, and a removed instant moves to the first instant the calendars let through.
     */
    public static Next nextAfter(Schedule schedule, Instant after, CalendarLookup calendars) {
        Optional<Instant> candidate = Schedules.nextAfter(schedule, after);
        if (!schedule.usesCalendars()) {
            return candidate.map(Next::found).orElseGet(() -> Next.none(after));
        }
        Instant searched = after;
        for (int removed = 0; removed < MAX_CANDIDATES; removed++) {
            if (candidate.isEmpty()) {
                return Next.none(searched);
            }
            Instant instant = candidate.get();
            searched = instant;
            Optional<String> by = removedBy(schedule, instant, calendars);
            if (by.isEmpty()) {
                return Next.found(instant);
            }
            Instant resume = resumeAfter(schedule, instant, by.get(), calendars);
            if (resume == null) {
                return new Next(
                        null,
                        instant,
                        "calendar '" + by.get() + "' "
                                + (calendars.find(by.get()) == null
                                        ? "is unknown"
                                        : "lets no instant through within " + CalendarCoverage.MAX_DAYS_SEARCHED
                                                + " days"));
            }
            candidate = schedule.type() == ScheduleType.FIXED_DELAY
                    ? Optional.of(resume).filter(at -> schedule.endAt() == null || !at.isAfter(schedule.endAt()))
                    : Schedules.nextAfter(schedule, latest(instant, resume.minusNanos(1)));
        }
        return new Next(null, searched, MAX_CANDIDATES + " instants in a row were removed by calendars");
    }

    /**
     * The first instant at or after {@code removed} (an instant calendar {@code calendarId} removed from
     * {@code schedule}) that this calendar lets through: the end of a skipped stretch, the next start of the
     * {@code onlyOn} calendar. Null when the calendar is unknown or lets nothing through within the search.
     */
    public static Instant resumeAfter(Schedule schedule, Instant removed, String calendarId, CalendarLookup calendars) {
        Calendar calendar = calendars.find(calendarId);
        if (calendar == null) {
            return null;
        }
        ZoneId zone = zone(calendar, schedule);
        return calendarId.equals(schedule.onlyOn())
                ? CalendarCoverage.firstInside(calendar, removed, zone)
                : CalendarCoverage.firstOutside(calendar, removed, zone);
    }

    /**
     * The first {@code count} instants of {@code schedule} strictly after {@code after}, calendars not applied, each
     * with the calendar that removes it: what a preview shows, the removed ones struck through. FIXED_DELAY has no
     * instants of its own and gives none.
     */
    public static List<Candidate> candidates(Schedule schedule, Instant after, int count, CalendarLookup calendars) {
        List<Candidate> list = new ArrayList<>();
        if (schedule.type() == ScheduleType.FIXED_DELAY) {
            return list;
        }
        for (Optional<Instant> next = Schedules.nextAfter(schedule, after);
                next.isPresent() && list.size() < count;
                next = Schedules.nextAfter(schedule, next.get())) {
            list.add(new Candidate(
                    next.get(), removedBy(schedule, next.get(), calendars).orElse(null)));
        }
        return list;
    }

    /** The zone {@code calendar} is judged in for {@code schedule}. */
    public static ZoneId zone(Calendar calendar, Schedule schedule) {
        return calendar.zone() == null || calendar.zone().isBlank()
                ? Schedules.zoneOf(schedule)
                : ZoneId.of(calendar.zone());
    }

    private static Instant latest(Instant a, Instant b) {
        return a.isAfter(b) ? a : b;
    }
}
