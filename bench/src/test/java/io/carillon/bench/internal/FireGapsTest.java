package io.carillon.bench.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.bench.internal.HandlerStarts.StartKey;
import io.carillon.testkit.SettableClock;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class FireGapsTest {

    private static final long SECOND = 1_000_000;

    private final HandlerStarts starts = new HandlerStarts(new SettableClock(Instant.EPOCH));

    @Test
    void theLongestGapOfAnyJobThatBeginsInTheInterval() {
        for (long s = 0; s < 10; s++) {
            starts.add(new StartKey("steady", s * 1000, 0, 1), s * SECOND);
        }
        starts.add(new StartKey("hit", 0, 0, 1), 0);
        starts.add(new StartKey("hit", 1000, 0, 1), SECOND);
        starts.add(new StartKey("hit", 2000, 0, 1), 6 * SECOND);
        starts.add(new StartKey("hit", 3000, 0, 1), 7 * SECOND);
        starts.add(new StartKey("hit", 4000, 0, 1), 8 * SECOND);
        starts.add(new StartKey("hit", 5000, 0, 1), 9 * SECOND);

        FireGaps gaps = FireGaps.of(starts, 10 * SECOND);

        assertThat(gaps.longestGapMicros(SECOND, 4 * SECOND)).isEqualTo(5 * SECOND);
        assertThat(gaps.longestGapMicros(2 * SECOND, 4 * SECOND))
                .as("the gap began before")
                .isEqualTo(SECOND);
        assertThat(gaps.longestGapMicros(8 * SECOND, 9 * SECOND)).isEqualTo(SECOND);
    }

    @Test
    void aJobThatNeverStartsAgainCountsUntilTheEndOfObservation() {
        starts.add(new StartKey("dead", 0, 0, 1), SECOND);

        assertThat(FireGaps.of(starts, 10 * SECOND).longestGapMicros(SECOND, 3 * SECOND))
                .isEqualTo(9 * SECOND);
    }

    @Test
    void theFirstStartOfARunIsItsEarliestWhateverTheOrderOfTheRecords() {
        StartKey key = new StartKey("a", 0, 0, 1);
        starts.add(key, 3 * SECOND);
        starts.add(key, 2 * SECOND);

        assertThat(starts.firstStartMicros(key)).isEqualTo(2 * SECOND);
        starts.forEach((k, seen) -> assertThat(seen.count()).isEqualTo(2));
    }
}
