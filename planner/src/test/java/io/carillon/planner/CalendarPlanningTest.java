package io.carillon.planner;

import static io.carillon.planner.TestJobs.job;
import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.topics.events.Calendar;
import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.MisfirePolicy;
import io.carillon.topics.events.MisfireStrategy;
import io.carillon.topics.events.Schedule;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Schedules that skip calendars or fire only on one, on a clock moved by hand. */
class CalendarPlanningTest extends PlannerTestSupport {

    /** How long before an instant each jump lands: inside the horizon, so its timer comes due. */
    private static final Duration BEFORE = Duration.ofSeconds(5);
    /** 2026-10-25 is the Sunday Europe/Berlin goes from +02:00 back to +01:00, a day of 25 hours. */
    private static final LocalDate DST_SUNDAY = LocalDate.parse("2026-10-25");

    private static final Calendar BUSINESS_DAYS = Calendar.named("business-days", "Europe/Berlin")
            .withWeekdays(List.of(
                    DayOfWeek.MONDAY, DayOfWeek.TUESDAY, DayOfWeek.WEDNESDAY, DayOfWeek.THURSDAY, DayOfWeek.FRIDAY));

    @Test
    void aHolidayInTheJobsZoneIsSkippedAcrossAChangeOfOffset() {
        Instant saturdayEvening = Instant.parse("2026-10-24T21:00:00Z");
        planner = new PlannerHarness(stateDir, saturdayEvening);
        planner.calendar(Calendar.named("holidays-de", null).withDates(List.of(DST_SUNDAY)));
        planner.put(job("hourly", Schedule.cron("0 30 * * * ?", "Europe/Berlin").skipping(List.of("holidays-de"))));

        List<FireEvent> fires = visitHourly(Instant.parse("2026-10-24T21:30:00Z"), 28);

        // Saturday 23:30 (+02:00), then the 25 hours of the Sunday pass, then Monday 00:30 (+01:00).
        assertThat(fires)
                .extracting(FireEvent::scheduledAt)
                .containsExactly(
                        Instant.parse("2026-10-24T21:30:00Z"),
                        Instant.parse("2026-10-25T23:30:00Z"),
                        Instant.parse("2026-10-26T00:30:00Z"));
    }

    @Test
    void onlyOnBusinessDaysFiresFromMondayToFriday() {
        planner = new PlannerHarness(stateDir, Instant.parse("2026-11-27T07:00:00Z"));
        planner.calendar(BUSINESS_DAYS);
        planner.put(job("nine", Schedule.cron("0 0 9 * * ?", "Europe/Berlin").onlyOn("business-days")));

        List<FireEvent> fires = visitDaily(Instant.parse("2026-11-27T08:00:00Z"), 5);

        assertThat(fires)
                .extracting(FireEvent::scheduledAt)
                .containsExactly(
                        Instant.parse("2026-11-27T08:00:00Z"),
                        Instant.parse("2026-11-30T08:00:00Z"),
                        Instant.parse("2026-12-01T08:00:00Z"));
    }

    @Test
    void aCalendarEditedWhileJobsUseItChangesThemFromTheNextInstantWithoutTheirChanging() {
        Instant firstDay = Instant.parse("2026-12-01T08:00:00Z");
        planner = new PlannerHarness(stateDir, firstDay.minus(Duration.ofHours(1)));
        Calendar maintenance = Calendar.named("maintenance", "UTC");
        planner.calendar(maintenance);
        planner.put(job("billing", Schedule.cron("0 0 8 * * ?", null).skipping(List.of("maintenance"))));
        planner.put(job("report", Schedule.cron("0 0 8 * * ?", null).skipping(List.of("maintenance"))));

        List<FireEvent> fires = new ArrayList<>(visitDaily(firstDay, 1));
        planner.calendar(maintenance.withDates(List.of(LocalDate.parse("2026-12-02"))));
        fires.addAll(visitDaily(firstDay.plus(Duration.ofDays(1)), 1));
        planner.calendar(maintenance.withDates(List.of(LocalDate.parse("2026-12-04"))));
        fires.addAll(visitDaily(firstDay.plus(Duration.ofDays(2)), 2));

        assertThat(fires)
                .extracting(FireEvent::jobId, FireEvent::scheduledAt)
                .containsExactlyInAnyOrder(
                        org.assertj.core.groups.Tuple.tuple("billing", firstDay),
                        org.assertj.core.groups.Tuple.tuple("report", firstDay),
                        org.assertj.core.groups.Tuple.tuple("billing", Instant.parse("2026-12-03T08:00:00Z")),
                        org.assertj.core.groups.Tuple.tuple("report", Instant.parse("2026-12-03T08:00:00Z")));
    }

    @Test
    void anUnknownCalendarKeepsTheJobFromFiringUntilItArrives() {
        Instant start = Instant.parse("2026-12-01T07:00:00Z");
        planner = new PlannerHarness(stateDir, start);
        planner.put(job("nine", Schedule.cron("0 0 8 * * ?", null).onlyOn("business-days")));

        List<FireEvent> fires = new ArrayList<>(visitDaily(Instant.parse("2026-12-01T08:00:00Z"), 1));
        planner.calendar(BUSINESS_DAYS);
        fires.addAll(visitDaily(Instant.parse("2026-12-02T08:00:00Z"), 1));
        planner.deleteCalendar(BUSINESS_DAYS.id());
        fires.addAll(visitDaily(Instant.parse("2026-12-03T08:00:00Z"), 1));

        assertThat(fires).extracting(FireEvent::scheduledAt).containsExactly(Instant.parse("2026-12-02T08:00:00Z"));
    }

    @Test
    void aCatchUpAfterAnOutageReplaysOnlyTheInstantsTheCalendarsKeep() {
        Instant friday = Instant.parse("2026-11-27T11:00:00Z");
        planner = new PlannerHarness(stateDir, friday.minus(BEFORE));
        planner.calendar(BUSINESS_DAYS);
        planner.put(job("noon", Schedule.cron("0 0 12 * * ?", "Europe/Berlin").onlyOn("business-days")).toBuilder()
                .misfire(new MisfirePolicy(MisfireStrategy.CATCH_UP, MisfirePolicy.DEFAULT_THRESHOLD_MS, 10))
                .build());
        planner.advance(BEFORE.plusSeconds(1));
        assertThat(planner.fires()).extracting(FireEvent::scheduledAt).containsExactly(friday);

        planner.jumpTo(Instant.parse("2026-11-30T12:00:00Z"));

        assertThat(planner.fires())
                .extracting(FireEvent::scheduledAt)
                .containsExactly(Instant.parse("2026-11-30T11:00:00Z"));
    }

    /** Jumps to just before each of {@code count} hourly instants from {@code first}; the fires written meanwhile. */
    private List<FireEvent> visitHourly(Instant first, int count) {
        return visit(first, Duration.ofHours(1), count);
    }

    private List<FireEvent> visitDaily(Instant first, int count) {
        return visit(first, Duration.ofDays(1), count);
    }

    private List<FireEvent> visit(Instant first, Duration step, int count) {
        List<FireEvent> fires = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            planner.jumpTo(first.plus(step.multipliedBy(i)).minus(BEFORE));
            fires.addAll(planner.fires());
        }
        planner.advance(BEFORE.plusSeconds(1));
        fires.addAll(planner.fires());
        return fires;
    }
}
