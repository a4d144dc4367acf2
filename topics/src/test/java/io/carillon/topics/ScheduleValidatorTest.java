package io.carillon.topics;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.topics.events.Schedule;
import java.util.List;
import org.junit.jupiter.api.Test;

class ScheduleValidatorTest {

    @Test
    void anUnparsableCronIsReportedOnTheCronField() {
        List<FieldError> errors = ScheduleValidator.validate(Schedule.cron("every day at nine", null), "schedule");
        assertThat(errors).singleElement().satisfies(error -> {
            assertThat(error.field()).isEqualTo("schedule.cron");
            assertThat(error.message()).contains("'every day at nine' is not a valid cron expression");
        });
    }

    @Test
    void aRateBelowTheShortestIntervalAndAnEndBeforeTheStartAreReportedOnTheirFields() {
        Schedule tooFast = Schedule.fixedRate(1);
        assertThat(ScheduleValidator.validate(tooFast, "schedule"))
                .extracting(FieldError::field)
                .containsExactly("schedule.intervalMs");
    }
}
