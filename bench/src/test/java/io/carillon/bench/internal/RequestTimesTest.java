package io.carillon.bench.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

class RequestTimesTest {

    private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);

    private static final Offset<Double> WITHIN_A_TENTH = Offset.offset(0.1);

    private final RequestTimes times = new RequestTimes();

    @Test
    void requestsPerSecondRunFromTheFirstStartToTheLastAnswer() {
        for (int i = 0; i < 100; i++) {
            times.record(1_000 * MS + i * 10 * MS, 1_000 * MS + i * 10 * MS + 5 * MS, null);
        }

        assertThat(times.requests()).isEqualTo(100);
        assertThat(times.firstStartNanos()).isEqualTo(1_000 * MS);
        assertThat(times.perSecond()).as("100 requests over 995 ms").isCloseTo(100.5, WITHIN_A_TENTH);
        assertThat(times.errors()).isZero();
        assertThat(times.firstError()).isNull();
    }

    @Test
    void latencyPercentilesInMilliseconds() {
        for (int i = 1; i <= 100; i++) {
            times.record(0, i * MS, null);
        }

        assertThat(times.latencyMs().get("p50"))
                .as("HdrHistogram keeps 3 digits")
                .isCloseTo(50.0, WITHIN_A_TENTH);
        assertThat(times.latencyMs().get("p99")).isCloseTo(99.0, WITHIN_A_TENTH);
        assertThat(times.latencyMs().get("max")).isCloseTo(100.0, WITHIN_A_TENTH);
    }

    @Test
    void errorsAreCountedAndTheFirstIsKept() {
        times.record(0, MS, null);
        times.record(MS, 2 * MS, "answered 400");
        times.record(2 * MS, 3 * MS, "answered 500");

        assertThat(times.errors()).isEqualTo(2);
        assertThat(times.firstError()).isEqualTo("answered 400");
        assertThat(times.requests()).isEqualTo(3);
    }

    @Test
    void nothingRecordedAnswersZero() {
        assertThat(times.perSecond()).isZero();
        assertThat(times.requests()).isZero();
    }
}
