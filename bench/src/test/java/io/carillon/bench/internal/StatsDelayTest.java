package io.carillon.bench.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StatsDelayTest {

    private static final Instant T = Instant.parse("2026-11-25T10:00:00Z");

    @Test
    void theWholeMinutesInsideTheWindowOnly() {
        assertThat(StatsDelay.wholeMinutes(T.plusSeconds(20), T.plusSeconds(200)))
                .containsExactly(T.plusSeconds(60), T.plusSeconds(120));
        assertThat(StatsDelay.wholeMinutes(T, T.plusSeconds(120)))
                .as("a minute ending with the window counts")
                .containsExactly(T, T.plusSeconds(60));
        assertThat(StatsDelay.wholeMinutes(T.plusSeconds(1), T.plusSeconds(61))).isEmpty();
    }

    @Test
    void eachMinutesDelayRunsFromItsEndToItsRecordsFirstArrival() {
        List<Instant> minutes = List.of(T, T.plusSeconds(60), T.plusSeconds(120));
        Map<Instant, Instant> arrivals = Map.of(
                T,
                T.plusSeconds(60).plusMillis(10_500),
                T.plusSeconds(60),
                T.plusSeconds(120).plusMillis(12_000),
                T.plusSeconds(120),
                T.plusSeconds(180).plusMillis(11_000));

        Map<String, Object> delay = StatsDelay.of(minutes, arrivals);

        assertThat(delay)
                .containsEntry("minutes", 3)
                .containsEntry("count", 3)
                .containsEntry("p50", 11_000L)
                .containsEntry("max", 12_000L)
                .containsEntry("missing", List.of());
        assertThat(StatsDelay.complete(minutes, arrivals)).isTrue();
    }

    @Test
    void aMinuteThatNeverCameIsNamedAndHasNoDelay() {
        List<Instant> minutes = List.of(T, T.plusSeconds(60));
        Map<Instant, Instant> arrivals = Map.of(T, T.plusSeconds(70));

        Map<String, Object> delay = StatsDelay.of(minutes, arrivals);

        assertThat(delay)
                .containsEntry("minutes", 2)
                .containsEntry("count", 1)
                .containsEntry("max", 10_000L)
                .containsEntry("missing", List.of("2026-11-25T10:01:00Z"));
        assertThat(StatsDelay.complete(minutes, arrivals)).isFalse();
    }

    @Test
    void percentilesAreNearestRank() {
        assertThat(MillisSummary.of(List.of(5L, 1L, 4L, 2L, 3L)))
                .containsEntry("count", 5)
                .containsEntry("p50", 3L)
                .containsEntry("p99", 5L)
                .containsEntry("max", 5L);
        assertThat(MillisSummary.percentile(List.of(10L, 20L), 0.5)).isEqualTo(10L);
        assertThat(MillisSummary.of(List.of())).containsOnlyKeys("count");
    }
}
