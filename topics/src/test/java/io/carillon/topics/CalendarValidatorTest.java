package io.carillon.topics;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.topics.events.Calendar;
import io.carillon.topics.events.DateRange;
import io.carillon.topics.events.Schedule;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class CalendarValidatorTest {

    @Test
    void aValidCalendarHasNoProblems() {
        assertThat(CalendarValidator.validate(Calendar.named("holidays-de", "Europe/Berlin")
                        .withDates(List.of(LocalDate.parse("2026-12-25")))))
                .isEmpty();
    }

    @Test
    void eachProblemNamesItsField() {
        Calendar bad = Calendar.named("Holidays DE", "Mars/Olympus")
                .withDates(Collections.nCopies(CalendarValidator.MAX_DATES + 1, LocalDate.parse("2026-12-25")))
                .withRanges(List.of(new DateRange(LocalDate.parse("2026-12-31"), LocalDate.parse("2026-12-24"))))
                .withWeekdays(List.of(DayOfWeek.MONDAY, DayOfWeek.MONDAY));
        assertThat(CalendarValidator.validate(bad))
                .extracting(FieldError::field)
                .containsExactly("id", "zone", "dates", "ranges[0].to", "weekdays");
    }

    @Test
    void aSchedulesCalendarReferencesAreCheckedUnderItsPrefix() {
        Schedule schedule = Schedule.cron("0 0 9 * * ?", null)
                .skipping(List.of("ok", "Not Ok", "ok"))
                .onlyOn("ok");
        assertThat(ScheduleValidator.validate(schedule, "schedule"))
                .extracting(FieldError::field)
                .containsExactly("schedule.skip", "schedule.skip", "schedule.onlyOn");
    }
}
