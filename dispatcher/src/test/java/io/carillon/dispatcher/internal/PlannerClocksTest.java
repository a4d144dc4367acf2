package io.carillon.dispatcher.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The clocks of the planners writing each fires partition, as their records' timestamps show them. */
class PlannerClocksTest {

    private static final Instant NOW = Instant.parse("2026-05-01T12:00:00Z");
    private static final Duration HALF_WINDOW = PlannerClocks.WINDOW.dividedBy(2);

    private final PlannerClocks clocks = new PlannerClocks();

    @Test
    void aPlannerBehindIsOutOfStepOnceHalfTheWindowShowsItAndInStepAgainAtAFreshRecord() {
        everySecond(0, Duration.ofSeconds(20), NOW, HALF_WINDOW.minusSeconds(1));
        assertThat(clocks.outOfStep())
                .as("not yet: a commit held up looks the same")
                .isZero();
        assertThat(clocks.offsetMillis(0)).isEqualTo(-20_000);

        Instant halfWay = NOW.plus(HALF_WINDOW);
        clocks.sample(0, halfWay.minusSeconds(20).toEpochMilli(), halfWay);
        clocks.sample(1, halfWay.minusMillis(150).toEpochMilli(), halfWay);
        assertThat(clocks.outOfStep()).isEqualTo(1);

        Instant later = halfWay.plusMillis(900);
        clocks.sample(0, later.minusMillis(40).toEpochMilli(), later);
        assertThat(clocks.outOfStep())
                .as("the least delayed record of the window is the estimate")
                .isZero();
    }

    @Test
    void commitsHeldUpForLessThanTheWindowLeaveAPlannerInStep() {
        everySecond(0, Duration.ofMillis(300), NOW, Duration.ofSeconds(10));
        Instant stalled = NOW.plusSeconds(11);
        everySecond(0, Duration.ofSeconds(4), stalled, PlannerClocks.WINDOW.minusSeconds(12));

        assertThat(clocks.outOfStep()).isZero();
        assertThat(clocks.offsetMillis(0)).isEqualTo(-300);
    }

    @Test
    void aPlannerAheadIsOutOfStepAtOnceAndAForgottenPartitionIsNoLongerCounted() {
        clocks.sample(2, NOW.plus(Duration.ofSeconds(20)).toEpochMilli(), NOW);
        assertThat(clocks.outOfStep()).isEqualTo(1);
        assertThat(clocks.offsetMillis(2)).isEqualTo(20_000);
        clocks.forget(2);
        assertThat(clocks.outOfStep()).isZero();
        assertThat(clocks.offsetMillis(2)).isZero();
    }

    @Test
    void aDelayWithinTwoSecondsIsInStep() {
        everySecond(0, Duration.ofMillis(1_900), NOW, PlannerClocks.WINDOW);
        assertThat(clocks.outOfStep()).isZero();
    }

    /** A record of {@code partition} read each second from {@code from} for {@code span}, {@code delay} old. */
    private void everySecond(int partition, Duration delay, Instant from, Duration span) {
        for (Instant at = from; !at.isAfter(from.plus(span)); at = at.plusSeconds(1)) {
            clocks.sample(partition, at.minus(delay).toEpochMilli(), at);
        }
    }
}
