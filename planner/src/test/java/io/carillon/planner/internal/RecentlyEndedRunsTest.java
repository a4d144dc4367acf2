package io.carillon.planner.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The bounded memory of recently ended runs: kept for the retention, at most {@link RecentlyEndedRuns#MAX_RUNS}. */
class RecentlyEndedRunsTest {

    private static final Instant NOW = Instant.parse("2030-01-01T00:00:00Z");

    @Test
    void aRunIsKeptForTheRetentionAndThenForgotten() {
        RecentlyEndedRuns ended = new RecentlyEndedRuns();
        ended.add("job-1@2030-01-01T00:00:00Z#0", NOW);

        assertThat(ended.contains("job-1@2030-01-01T00:00:00Z#0", NOW.plus(RecentlyEndedRuns.RETENTION)))
                .isTrue();
        assertThat(ended.contains("job-2@2030-01-01T00:00:00Z#0", NOW)).isFalse();
        assertThat(ended.contains(
                        "job-1@2030-01-01T00:00:00Z#0",
                        NOW.plus(RecentlyEndedRuns.RETENTION).plus(Duration.ofMillis(1))))
                .isFalse();
        assertThat(ended.size()).isZero();
    }

    @Test
    void theOldestRunsGoFirstBeyondTheBound() {
        RecentlyEndedRuns ended = new RecentlyEndedRuns();
        for (int i = 0; i <= RecentlyEndedRuns.MAX_RUNS; i++) {
            ended.add("run-" + i, NOW);
        }

        assertThat(ended.size()).isEqualTo(RecentlyEndedRuns.MAX_RUNS);
        assertThat(ended.contains("run-0", NOW)).isFalse();
        assertThat(ended.contains("run-1", NOW)).isTrue();
        assertThat(ended.contains("run-" + RecentlyEndedRuns.MAX_RUNS, NOW)).isTrue();
    }

    @Test
    void aRunEndedTwiceIsKeptUntilItsLastEndIsOld() {
        RecentlyEndedRuns ended = new RecentlyEndedRuns();
        ended.add("run", NOW);
        ended.add("run", NOW.plusSeconds(60));

        assertThat(ended.contains("run", NOW.plus(RecentlyEndedRuns.RETENTION).plusSeconds(1)))
                .isTrue();
    }
}
