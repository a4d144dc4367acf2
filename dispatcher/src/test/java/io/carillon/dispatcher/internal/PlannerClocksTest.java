package io.carillon.dispatcher.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The clocks of the planners writing each fires partition, as their records' timestamps show them. */
class PlannerClocksTest {

    private static final Instant NOW = Instant.parse("2026-05-01T12:00:00Z");
    private final PlannerClocks clocks = new PlannerClocks();

    @Test
    void aPartitionWhosePlannerIsBehindIsOutOfStepUntilAFreshRecordShowsItInStep() {
        clocks.sample(0, NOW.minusSeconds(20).toEpochMilli(), NOW);
        clocks.sample(1, NOW.minusMillis(150).toEpochMilli(), NOW);
        assertThat(clocks.outOfStep()).isEqualTo(1);
        assertThat(clocks.offsetMillis(0)).isEqualTo(-20_000);

        clocks.sample(0, NOW.plusMillis(900).minusMillis(40).toEpochMilli(), NOW.plusMillis(900));
        assertThat(clocks.outOfStep())
                .as("the least delayed record of the last ones is the estimate")
                .isZero();
    }

    @Test
    void aPlannerAheadIsOutOfStepAndAForgottenPartitionIsNoLongerCounted() {
        clocks.sample(2, NOW.plus(Duration.ofSeconds(20)).toEpochMilli(), NOW);
        assertThat(clocks.outOfStep()).isEqualTo(1);
        assertThat(clocks.offsetMillis(2)).isEqualTo(20_000);
        clocks.forget(2);
        assertThat(clocks.outOfStep()).isZero();
        assertThat(clocks.offsetMillis(2)).isZero();
    }

    @Test
    void aDelayWithinTwoSecondsIsInStep() {
        clocks.sample(0, NOW.minusMillis(1_900).toEpochMilli(), NOW);
        assertThat(clocks.outOfStep()).isZero();
    }
}
