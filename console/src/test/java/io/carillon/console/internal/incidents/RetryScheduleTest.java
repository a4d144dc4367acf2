package io.carillon.console.internal.incidents;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class RetryScheduleTest {

    private final RetrySchedule schedule = new RetrySchedule(4, Duration.ofSeconds(10), 2.0, Duration.ofSeconds(30));

    @Test
    void waitsLongerAfterEachFailureUpToTheMaximum() {
        assertThat(schedule.backoff(1)).isEqualTo(Duration.ofSeconds(10));
        assertThat(schedule.backoff(2)).isEqualTo(Duration.ofSeconds(20));
        assertThat(schedule.backoff(3)).isEqualTo(Duration.ofSeconds(30));
        assertThat(schedule.backoff(60)).isEqualTo(Duration.ofSeconds(30));
    }

    @Test
    void stopsAfterTheLastAttempt() {
        assertThat(schedule.retries(3)).isTrue();
        assertThat(schedule.retries(4)).isFalse();
    }
}
