package io.carillon.streams;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class AlignedPunctuationTest {

    private static final Duration INTERVAL = Duration.ofMillis(100);

    @Test
    void tasksCreatedAtDifferentInstantsStartOnTheSameMultipleOfTheInterval() {
        Instant first = AlignedPunctuation.startAfter(Instant.parse("2026-03-02T10:00:00.201Z"), INTERVAL);
        Instant second = AlignedPunctuation.startAfter(Instant.parse("2026-03-02T10:00:00.299999999Z"), INTERVAL);

        assertThat(first).isEqualTo(Instant.parse("2026-03-02T10:00:00.300Z")).isEqualTo(second);
    }

    @Test
    void anInstantOnAMultipleStartsThere() {
        Instant now = Instant.parse("2026-03-02T10:00:01Z");

        assertThat(AlignedPunctuation.startAfter(now, Duration.ofSeconds(1))).isEqualTo(now);
        assertThat(AlignedPunctuation.startAfter(now.plusNanos(1), Duration.ofSeconds(1)))
                .isEqualTo(Instant.parse("2026-03-02T10:00:02Z"));
    }

    @Test
    void anIntervalBelowAMillisecondIsRefusedByName() {
        assertThatThrownBy(() -> AlignedPunctuation.startAfter(Instant.EPOCH, Duration.ofNanos(10)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("interval");
    }
}
