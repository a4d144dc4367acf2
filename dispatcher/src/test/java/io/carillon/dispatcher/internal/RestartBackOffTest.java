package io.carillon.dispatcher.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.carillon.testkit.SettableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RestartBackOffTest {

    private static final Duration FIRST = Duration.ofSeconds(1);
    private static final Duration MAX = Duration.ofSeconds(30);

    private final SettableClock clock = new SettableClock(Instant.parse("2026-12-08T10:00:00Z"));
    private final RestartBackOff backOff = new RestartBackOff(FIRST, MAX, clock);

    @Test
    void failuresInARowWaitFromTheFirstBackOffDoublingUpToTheMax() {
        List<Duration> waits = new ArrayList<>();
        for (int failure = 0; failure < 7; failure++) {
            backOff.started();
            clock.advance(Duration.ofMillis(100));
            waits.add(backOff.failed());
        }

        assertThat(waits)
                .containsExactly(
                        Duration.ofSeconds(1),
                        Duration.ofSeconds(2),
                        Duration.ofSeconds(4),
                        Duration.ofSeconds(8),
                        Duration.ofSeconds(16),
                        MAX,
                        MAX);
    }

    @Test
    void failuresToCreateTheNextLoopDoubleTheWaitToo() {
        backOff.started();
        assertThat(backOff.failed()).isEqualTo(FIRST);
        clock.advance(MAX);

        assertThat(backOff.failed()).isEqualTo(Duration.ofSeconds(2));
        assertThat(backOff.failed()).isEqualTo(Duration.ofSeconds(4));
    }

    @Test
    void aLoopThatRanAtLeastTheMaxCountsAsRecoveredAndWaitsTheFirstBackOffAgain() {
        for (int failure = 0; failure < 4; failure++) {
            backOff.started();
            backOff.failed();
        }
        backOff.started();
        clock.advance(MAX.minusMillis(1));
        assertThat(backOff.failed()).isEqualTo(Duration.ofSeconds(16));

        backOff.started();
        clock.advance(MAX);
        assertThat(backOff.failed()).isEqualTo(FIRST);
        backOff.started();
        assertThat(backOff.failed()).isEqualTo(Duration.ofSeconds(2));
    }

    @Test
    void refusesABackOffThatIsNegativeOrWhoseMaxIsBelowItsFirst() {
        assertThatThrownBy(() -> new RestartBackOff(Duration.ofSeconds(-1), MAX, clock))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RestartBackOff(MAX, FIRST, clock)).isInstanceOf(IllegalArgumentException.class);
    }
}
