package io.carillon.topics.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.topics.events.Calendar;
import io.carillon.topics.events.Schedule;
import io.carillon.topics.events.TimeWindow;
import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class CalendarSchedulesTest {

    /** 2026-10-25 is the Sunday Europe/Berlin goes from +02:00 back to +01:00. */
    private static final LocalDate DST_SUNDAY = LocalDate.parse("2026-10-25");

    private static final Calendar HOLIDAYS =
            Calendar.named("holidays-de", null).withDates(List.of(DST_SUNDAY, LocalDate.parse("2026-12-25")));
    private static final Calendar BUSINESS_DAYS = Calendar.named("business-days", "Europe/Berlin")
            .withWeekdays(List.of(
                    DayOfWeek.MONDAY, DayOfWeek.TUESDAY, DayOfWeek.WEDNESDAY, DayOfWeek.THURSDAY, DayOfWeek.FRIDAY));
    private static final Calendar NIGHT = Calendar.named("night", "Europe/Berlin")
            .withTimes(List.of(new TimeWindow(LocalTime.of(22, 0), LocalTime.of(6, 0))));
    private static final CalendarLookup CALENDARS =
            CalendarLookup.of(Map.of(HOLIDAYS.id(), HOLIDAYS, BUSINESS_DAYS.id(), BUSINESS_DAYS, NIGHT.id(), NIGHT));

    @Test
    void aHolidayIsTheWholeLocalDayOfTheJobsZoneAcrossAChangeOfOffset() {
        Schedule hourly = Schedule.cron("0 30 * * * ?", "Europe/Berlin").skipping(List.of("holidays-de"));

        // 23:30 on Saturday in Berlin (+02:00) is 21:30 UTC; the Sunday has 25 hours, 00:30 Monday is 23:30 UTC.
        assertThat(CalendarSchedules.nextAfter(hourly, Instant.parse("2026-10-24T21:00:00Z"), CALENDARS)
                        .instant())
                .isEqualTo(Instant.parse("2026-10-24T21:30:00Z"));
        assertThat(CalendarSchedules.nextAfter(hourly, Instant.parse("2026-10-24T21:30:00Z"), CALENDARS)
                        .instant())
                .isEqualTo(Instant.parse("2026-10-25T23:30:00Z"));
        assertThat(CalendarSchedules.removedBy(hourly, Instant.parse("2026-10-25T22:30:00Z"), CALENDARS))
                .contains("holidays-de");
        assertThat(CalendarSchedules.candidates(hourly, Instant.parse("2026-10-24T21:00:00Z"), 27, CALENDARS))
                .filteredOn(CalendarSchedules.Candidate::removed)
                .hasSize(25)
                .allSatisfy(candidate -> assertThat(candidate.removedBy()).isEqualTo("holidays-de"));
    }

    @Test
    void aCalendarWithItsOwnZoneIsJudgedInIt() {
        Calendar utcHoliday = Calendar.named("utc-holiday", "UTC").withDates(List.of(DST_SUNDAY));
        Schedule daily = Schedule.cron("0 30 0 * * ?", "Europe/Berlin").skipping(List.of("utc-holiday"));
        // 00:30 on Sunday in Berlin is 22:30 UTC on Saturday: not in the UTC holiday.
        assertThat(CalendarSchedules.removedBy(
                        daily,
                        Instant.parse("2026-10-24T22:30:00Z"),
                        CalendarLookup.of(Map.of(utcHoliday.id(), utcHoliday))))
                .isEmpty();
    }

    @Test
    void onlyOnBusinessDaysStepsOverTheWeekendInOneGo() {
        Schedule everyMinute = Schedule.fixedRate(60_000).onlyOn("business-days");
        // Friday 2026-11-27 23:59 Berlin is 22:59 UTC; the next business minute is Monday 00:00 Berlin.
        CalendarSchedules.Next next =
                CalendarSchedules.nextAfter(everyMinute, Instant.parse("2026-11-27T22:59:00Z"), CALENDARS);
        assertThat(next.gaveUp()).isFalse();
        assertThat(next.instant()).isEqualTo(Instant.parse("2026-11-29T23:00:00Z"));
        assertThat(CalendarSchedules.removedBy(everyMinute, Instant.parse("2026-11-28T12:00:00Z"), CALENDARS))
                .contains("business-days");
    }

    @Test
    void skipAndOnlyOnTogetherKeepBusinessDaysThatAreNoHoliday() {
        Schedule nineOClock = Schedule.cron("0 0 9 * * ?", "Europe/Berlin")
                .onlyOn("business-days")
                .skipping(List.of("holidays-de"));
        // Thursday 2026-12-24 09:00, then Friday the 25th is a holiday, the weekend follows: Monday the 28th.
        assertThat(CalendarSchedules.nextAfter(nineOClock, Instant.parse("2026-12-24T08:00:00Z"), CALENDARS)
                        .instant())
                .isEqualTo(Instant.parse("2026-12-28T08:00:00Z"));
        assertThat(CalendarSchedules.removedBy(nineOClock, Instant.parse("2026-12-25T08:00:00Z"), CALENDARS))
                .contains("holidays-de");
        assertThat(CalendarSchedules.removedBy(nineOClock, Instant.parse("2026-12-26T08:00:00Z"), CALENDARS))
                .contains("business-days");
    }

    @Test
    void aWindowPastMidnightCoversTheNight() {
        Schedule quarterly = Schedule.cron("0 */15 * * * ?", "Europe/Berlin").onlyOn("night");
        // 12:00 UTC is 13:00 in Berlin in November; the window opens at 22:00 Berlin, 21:00 UTC.
        assertThat(CalendarSchedules.nextAfter(quarterly, Instant.parse("2026-11-20T12:00:00Z"), CALENDARS)
                        .instant())
                .isEqualTo(Instant.parse("2026-11-20T21:00:00Z"));
        Schedule dayOnly = Schedule.cron("0 0 * * * ?", "Europe/Berlin").skipping(List.of("night"));
        assertThat(CalendarSchedules.nextAfter(dayOnly, Instant.parse("2026-11-20T20:30:00Z"), CALENDARS)
                        .instant())
                .isEqualTo(Instant.parse("2026-11-21T05:00:00Z"));
    }

    @Test
    void anUnknownCalendarRemovesEveryInstantAndTheSearchSaysSo() {
        Schedule schedule = Schedule.fixedRate(1_000).skipping(List.of("gone"));
        CalendarSchedules.Next next =
                CalendarSchedules.nextAfter(schedule, Instant.parse("2026-11-20T12:00:00Z"), CALENDARS);
        assertThat(next.instant()).isNull();
        assertThat(next.gaveUp()).isTrue();
        assertThat(next.gaveUpBecause()).contains("'gone'").contains("unknown");
    }

    @Test
    void aSearchGivesUpAfterTheBoundOfRemovedInstantsOrAtACalendarThatLetsNothingThrough() {
        int seconds = CalendarSchedules.MAX_CANDIDATES + 100;
        Calendar eachSecond = Calendar.named("each-second", "UTC")
                .withTimes(IntStream.range(0, seconds)
                        .mapToObj(i -> new TimeWindow(
                                LocalTime.ofSecondOfDay(i),
                                LocalTime.ofSecondOfDay(i).plusNanos(1_000_000)))
                        .toList());
        CalendarSchedules.Next bounded = CalendarSchedules.nextAfter(
                Schedule.fixedRate(1_000).skipping(List.of("each-second")),
                Instant.parse("2026-11-20T00:00:00Z"),
                CalendarLookup.of(Map.of(eachSecond.id(), eachSecond)));
        assertThat(bounded.gaveUp()).isTrue();
        assertThat(bounded.gaveUpBecause()).contains(CalendarSchedules.MAX_CANDIDATES + " instants");
        assertThat(bounded.searchedUntil()).isEqualTo(Instant.parse("2026-11-20T00:16:40Z"));

        Calendar always = Calendar.named("always", "UTC")
                .withTimes(List.of(new TimeWindow(LocalTime.MIDNIGHT, LocalTime.MIDNIGHT)));
        CalendarSchedules.Next never = CalendarSchedules.nextAfter(
                Schedule.fixedRate(1_000).skipping(List.of("always")),
                Instant.parse("2026-11-20T00:00:00Z"),
                CalendarLookup.of(Map.of(always.id(), always)));
        assertThat(never.gaveUp()).isTrue();
        assertThat(never.gaveUpBecause()).contains("lets no instant through");
    }

    @Test
    void aScheduleWithoutCalendarsIsTheSchedule() {
        Schedule plain = Schedule.fixedRate(1_000);
        assertThat(CalendarSchedules.nextAfter(plain, Instant.parse("2026-11-20T00:00:00.5Z"), CalendarLookup.none())
                        .instant())
                .isEqualTo(Instant.parse("2026-11-20T00:00:01Z"));
        assertThat(CalendarSchedules.removedBy(plain, Instant.parse("2026-11-20T00:00:01Z"), CalendarLookup.none()))
                .isEmpty();
    }
}
