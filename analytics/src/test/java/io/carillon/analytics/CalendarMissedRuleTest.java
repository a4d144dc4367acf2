package io.carillon.analytics;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.topics.events.Calendar;
import io.carillon.topics.events.FireIds;
import io.carillon.topics.events.Incident;
import io.carillon.topics.events.IncidentAction;
import io.carillon.topics.events.IncidentRule;
import io.carillon.topics.events.Schedule;
import java.nio.file.Path;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The missed rule does not expect the instants a calendar of the job's schedule removes. */
class CalendarMissedRuleTest {

    private static final Duration STEP = Duration.ofMinutes(10);
    /** 2026-10-25 is the Sunday Europe/Berlin goes from +02:00 back to +01:00, a day of 25 hours. */
    private static final LocalDate DST_SUNDAY = LocalDate.parse("2026-10-25");

    @TempDir
    Path stateDir;

    private AnalyticsHarness analytics;

    @AfterEach
    void stop() {
        analytics.close();
    }

    @Test
    void theHoursOfAHolidayAcrossAChangeOfOffsetAreNotMissedAndTheNextUnstartedHourIs() {
        analytics = new AnalyticsHarness(stateDir, Instant.parse("2026-10-24T21:00:00Z"));
        analytics.calendar(Calendar.named("holidays-de", null).withDates(List.of(DST_SUNDAY)));
        analytics.put(TestRuns.job(
                "hourly", Schedule.cron("0 30 * * * ?", "Europe/Berlin").skipping(List.of("holidays-de"))));

        start("hourly", Instant.parse("2026-10-24T21:30:00Z"));
        start("hourly", Instant.parse("2026-10-25T23:30:00Z"));
        analytics.advanceTo(Instant.parse("2026-10-26T00:30:00Z").plus(Duration.ofMinutes(2)), STEP);

        assertThat(analytics.incidents(IncidentRule.MISSED)).singleElement().satisfies(incident -> {
            assertThat(incident.action()).isEqualTo(IncidentAction.OPENED);
            assertThat(incident.fireId()).isEqualTo(FireIds.scheduled("hourly", Instant.parse("2026-10-26T00:30:00Z")));
        });
    }

    @Test
    void onlyOnBusinessDaysExpectsNothingAtTheWeekend() {
        analytics = new AnalyticsHarness(stateDir, Instant.parse("2026-11-27T07:00:00Z"));
        analytics.calendar(Calendar.named("business-days", "Europe/Berlin")
                .withWeekdays(List.of(
                        DayOfWeek.MONDAY,
                        DayOfWeek.TUESDAY,
                        DayOfWeek.WEDNESDAY,
                        DayOfWeek.THURSDAY,
                        DayOfWeek.FRIDAY)));
        analytics.put(TestRuns.job(
                "nine", Schedule.cron("0 0 9 * * ?", "Europe/Berlin").onlyOn("business-days")));

        start("nine", Instant.parse("2026-11-27T08:00:00Z"));
        start("nine", Instant.parse("2026-11-30T08:00:00Z"));
        analytics.advanceTo(Instant.parse("2026-11-30T09:00:00Z"), STEP);

        assertThat(analytics.incidents(IncidentRule.MISSED)).isEmpty();
    }

    @Test
    void aCalendarEditedWhileTheJobIsWatchedAppliesToTheNextInstant() {
        analytics = new AnalyticsHarness(stateDir, Instant.parse("2026-12-01T07:00:00Z"));
        Calendar maintenance = Calendar.named("maintenance", "UTC");
        analytics.calendar(maintenance);
        analytics.put(TestRuns.job("billing", Schedule.cron("0 0 8 * * ?", null).skipping(List.of("maintenance"))));

        start("billing", Instant.parse("2026-12-01T08:00:00Z"));
        analytics.calendar(maintenance.withDates(List.of(LocalDate.parse("2026-12-02"))));
        start("billing", Instant.parse("2026-12-03T08:00:00Z"));
        analytics.advanceTo(Instant.parse("2026-12-04T08:05:00Z"), STEP);

        List<Incident> missed = analytics.incidents(IncidentRule.MISSED);
        assertThat(missed)
                .extracting(Incident::fireId)
                .containsExactly(FireIds.scheduled("billing", Instant.parse("2026-12-04T08:00:00Z")));
    }

    /** Moves the clock to {@code instant} and reads a run of it starting 100 ms late. */
    private void start(String jobId, Instant instant) {
        analytics.advanceTo(instant, STEP);
        analytics.result(TestRuns.started(jobId, instant, instant.plusMillis(100)));
    }
}
