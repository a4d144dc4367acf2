package io.carillon.bench.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.testkit.SettableClock;
import io.carillon.topics.events.FireKind;
import io.carillon.worker.JobContext;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class FireTallyTest {

    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
    private static final Instant T1 = T0.plusSeconds(1);

    private final SettableClock clock = new SettableClock(T0);
    private final HandlerStarts starts = new HandlerStarts(clock);
    private final ExpectedFires expected = new ExpectedFires(List.of("a", "b"), List.of(T0, T1), T0, T0.plusSeconds(2));

    @Test
    void countsLostDuplicatedAndUnexpectedStartsAndTheLatenessOfFirstStarts() throws Exception {
        start("a", T0, 1, Duration.ofMillis(5));
        start("a", T0, 1, Duration.ofMillis(50));
        start("b", T0, 1, Duration.ofMillis(20));
        start("a", T1, 1, Duration.ofMillis(10));
        start("a", T1, 2, Duration.ofMillis(30));
        start("z", T0.minusSeconds(1), 1, Duration.ZERO);

        FireTally tally = FireTally.of(expected, starts);

        assertThat(tally.expected()).isEqualTo(4);
        assertThat(tally.observed()).isEqualTo(3);
        assertThat(tally.lost()).isEqualTo(1);
        assertThat(tally.duplicates()).isEqualTo(1);
        assertThat(tally.unexpected()).isEqualTo(1);
        assertThat(tally.latenessMs().get("max")).isEqualTo(20.0);
        assertThat(tally.latenessMs().get("p50")).isEqualTo(10.0);
        assertThat(new Outstanding(expected, starts).count()).isEqualTo(1);
        assertThat(starts.total()).isEqualTo(6);
    }

    @Test
    void theLatestFirstStartOfEachInstantIsListedInOrder() throws Exception {
        start("a", T0, 1, Duration.ofMillis(5));
        start("b", T0, 1, Duration.ofMillis(20));
        start("b", T0, 1, Duration.ofMillis(90));
        start("a", T1, 2, Duration.ofMillis(30));

        assertThat(expected.maxLatenessPerInstant(starts)).containsExactly(20.0, -1.0);
        assertThat(expected.observedPerInstant(starts)).containsExactly(2, 0);
    }

    @Test
    void aStartBeforeItsInstantCountsAsEarlyWithLatenessZero() throws Exception {
        start("a", T1, 1, Duration.ofMillis(-3));

        FireTally tally = FireTally.of(expected, starts);

        assertThat(tally.early()).isEqualTo(1);
        assertThat(tally.latenessMs().get("max")).isZero();
    }

    @Test
    void aWindowIsCeiledToWholeMultiplesOfTheStep() {
        assertThat(WallClock.ceil(Instant.parse("2026-01-01T00:00:00.001Z"), 1000))
                .isEqualTo(T1);
        assertThat(WallClock.ceil(T0, 1000)).isEqualTo(T0);
    }

    private void start(String jobId, Instant scheduledAt, int attempt, Duration late) throws Exception {
        clock.set(scheduledAt.plus(late));
        starts.handler().handle(new Context(jobId, scheduledAt, attempt));
    }

    private record Context(String jobId, Instant scheduledAt, int attempt) implements JobContext {
        @Override
        public String params() {
            return null;
        }

        @Override
        public <T> T params(Class<T> type) {
            return null;
        }

        @Override
        public String runId() {
            return jobId + "@" + scheduledAt.toEpochMilli() + "#0";
        }

        @Override
        public String fireId() {
            return jobId + "@" + scheduledAt.toEpochMilli();
        }

        @Override
        public FireKind kind() {
            return FireKind.SCHEDULED;
        }

        @Override
        public int shardIndex() {
            return 0;
        }

        @Override
        public int shardTotal() {
            return 1;
        }

        @Override
        public void log(String message) {}

        @Override
        public void progress(long done, long total, String message) {}

        @Override
        public boolean isCancelled() {
            return false;
        }
    }
}
