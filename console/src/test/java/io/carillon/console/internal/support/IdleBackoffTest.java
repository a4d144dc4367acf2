package io.carillon.console.internal.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class IdleBackoffTest {

    private static final Duration BASE = Duration.ofMillis(100);
    private static final Duration MAX = Duration.ofSeconds(2);

    private final MovedClock clock = new MovedClock();
    private final IdleBackoff backoff = new IdleBackoff(clock, BASE, MAX);

    @Test
    void keepsTheBasePauseRightAfterWork() {
        assertThat(backoff.delay()).isEqualTo(BASE);

        clock.move(Duration.ofMillis(900));
        assertThat(backoff.delay()).isEqualTo(BASE);
    }

    @Test
    void growsWithTheTimeSinceTheLastWorkUpToTheLongestPause() {
        clock.move(Duration.ofSeconds(5));
        assertThat(backoff.delay()).isEqualTo(Duration.ofMillis(500));

        clock.move(Duration.ofMinutes(1));
        assertThat(backoff.delay()).isEqualTo(MAX);
    }

    @Test
    void resetsToTheBasePauseAtWork() {
        clock.move(Duration.ofMinutes(1));
        assertThat(backoff.delay()).isEqualTo(MAX);

        backoff.worked();

        assertThat(backoff.delay()).isEqualTo(BASE);
        clock.move(Duration.ofSeconds(3));
        assertThat(backoff.delay()).isEqualTo(Duration.ofMillis(300));
    }

    @Test
    void refusesPausesOutOfRangeNamingThem() {
        assertThatThrownBy(() -> new IdleBackoff(clock, Duration.ZERO, MAX))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("base pause");
        assertThatThrownBy(() -> new IdleBackoff(clock, BASE, Duration.ofMillis(50)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("longest pause");
    }

    /** A clock that stands still until the test moves it. */
    private static final class MovedClock extends Clock {
        private Instant now = Instant.parse("2026-12-02T04:00:00Z");

        void move(Duration by) {
            now = now.plus(by);
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }
}
