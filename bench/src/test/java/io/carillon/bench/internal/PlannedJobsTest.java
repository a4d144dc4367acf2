package io.carillon.bench.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PlannedJobsTest {

    private static final Instant T0 = Instant.parse("2026-11-25T12:00:00Z");

    private final PlannedJobs planned = new PlannedJobs(Set.of("a", "b", "c"));

    @Test
    void everyJobIsPlannedWhenTheFirstFireOfTheLastIsSeen() {
        planned.fireSeen("a", T0);
        planned.fireSeen("b", T0.plusSeconds(1));
        assertThat(planned.allPlanned()).isFalse();
        assertThat(planned.allPlannedAt()).isNull();

        planned.fireSeen("c", T0.plusSeconds(2));

        assertThat(planned.planned()).isEqualTo(3);
        assertThat(planned.allPlanned()).isTrue();
        assertThat(planned.firstSeenAt()).isEqualTo(T0);
        assertThat(planned.allPlannedAt()).isEqualTo(T0.plusSeconds(2));
    }

    @Test
    void laterFiresOfAJobAndFiresOfOtherJobsCountNothing() {
        planned.fireSeen("a", T0);
        planned.fireSeen("a", T0.plusSeconds(1));
        planned.fireSeen("someone-else", T0.plusSeconds(2));

        assertThat(planned.planned()).isEqualTo(1);
        assertThat(planned.allPlanned()).isFalse();
    }

    @Test
    void jobsPerSecondOverTheSpan() {
        assertThat(CreateWorkload.perSecond(10_000, Duration.ofMillis(4_000))).isEqualTo(2_500.0);
        assertThat(CreateWorkload.perSecond(1, Duration.ofMillis(3))).isEqualTo(333.3);
        assertThat(CreateWorkload.perSecond(5, Duration.ZERO)).isZero();
    }
}
