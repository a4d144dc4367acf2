package io.carillon.console.internal.access;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.carillon.testkit.SettableClock;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class SignInThrottleTest {

    private static final int FREE_FAILURES = 5;
    private static final Duration FIRST_DELAY = Duration.ofSeconds(1);
    private static final Duration MAX_DELAY = Duration.ofMinutes(15);

    private final SettableClock clock = new SettableClock(Instant.parse("2026-05-01T12:00:00Z"));
    private final SignInThrottle throttle = new SignInThrottle(FREE_FAILURES, FIRST_DELAY, MAX_DELAY, clock);

    @Test
    void refusesAPairForAGrowingDelayAfterItsFreeFailures() {
        for (int i = 1; i < FREE_FAILURES; i++) {
            assertThat(throttle.recordFailure("admin", "10.0.0.1")).isEqualTo(i);
            assertThat(throttle.refusal("admin", "10.0.0.1")).isEmpty();
        }
        throttle.recordFailure("admin", "10.0.0.1");
        assertThat(throttle.refusal("admin", "10.0.0.1"))
                .contains(new SignInThrottle.Refusal(clock.instant().plus(FIRST_DELAY), FREE_FAILURES));

        clock.advance(FIRST_DELAY);
        assertThat(throttle.refusal("admin", "10.0.0.1")).isEmpty();
        throttle.recordFailure("admin", "10.0.0.1");
        assertThat(throttle.refusal("admin", "10.0.0.1").orElseThrow().until())
                .isEqualTo(clock.instant().plus(FIRST_DELAY.multipliedBy(2)));
    }

    @Test
    void refusesOnlyThePairThatFailed() {
        for (int i = 0; i < FREE_FAILURES; i++) {
            throttle.recordFailure("admin", "10.0.0.1");
        }

        assertThat(throttle.refusal("admin", "10.0.0.1")).isPresent();
        assertThat(throttle.refusal("admin", "10.0.0.2")).isEmpty();
        assertThat(throttle.refusal("otto", "10.0.0.1")).isEmpty();
    }

    @Test
    void capsTheDelayAndForgetsAQuietPair() {
        for (int i = 0; i < 100; i++) {
            throttle.recordFailure("admin", "10.0.0.1");
        }
        assertThat(throttle.refusal("admin", "10.0.0.1").orElseThrow().until())
                .isEqualTo(clock.instant().plus(MAX_DELAY));

        clock.advance(MAX_DELAY);
        assertThat(throttle.recordFailure("admin", "10.0.0.1")).isEqualTo(1);
        assertThat(throttle.refusal("admin", "10.0.0.1")).isEmpty();
    }

    @Test
    void forgetsAPairThatSignsIn() {
        for (int i = 0; i < FREE_FAILURES; i++) {
            throttle.recordFailure("admin", "10.0.0.1");
        }
        throttle.recordSuccess("admin", "10.0.0.1");

        assertThat(throttle.refusal("admin", "10.0.0.1")).isEmpty();
        assertThat(throttle.recordFailure("admin", "10.0.0.1")).isEqualTo(1);
    }

    @Test
    void keepsABoundedNumberOfPairs() {
        for (int i = 0; i < FREE_FAILURES; i++) {
            throttle.recordFailure("first", "10.0.0.1");
        }
        for (int i = 0; i < SignInThrottle.MAX_PAIRS; i++) {
            throttle.recordFailure("name-" + i, "10.0.0.1");
        }

        assertThat(throttle.refusal("first", "10.0.0.1"))
                .as("the least recently used pair is forgotten")
                .isEmpty();
    }

    @Test
    void refusesSettingsWithoutAFreeFailureOrAPositiveDelay() {
        assertThatThrownBy(() -> new SignInThrottle(0, FIRST_DELAY, MAX_DELAY, clock))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new SignInThrottle(FREE_FAILURES, Duration.ZERO, MAX_DELAY, clock))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new SignInThrottle(FREE_FAILURES, MAX_DELAY, FIRST_DELAY, clock))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
