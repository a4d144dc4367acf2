package io.carillon.analytics.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStats;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.StatsScope;
import io.carillon.topics.events.StatsWindow;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Aggregates and app messages come back from their binary form as they went in. */
class RunAggregateSerdeTest {

    private static final Instant T = Instant.parse("2026-11-25T10:00:00Z");

    @Test
    void anAggregateRoundTripsWithItsCountsAndSketches() {
        RunAggregate aggregate = RunAggregate.of(result(RunStatus.FAILED, FireKind.RETRY, 2, 30, 1_500));
        aggregate.merge(RunAggregate.of(result(RunStatus.SUCCEEDED, FireKind.SCHEDULED, 1, 10, 250)));
        aggregate.merge(RunAggregate.of(result(RunStatus.NO_WORKER, FireKind.SCHEDULED, 1, -1, -1))
                .markLate());

        RunStats stats = RunAggregateSerde.decode(RunAggregateSerde.encode(aggregate))
                .toStats(StatsScope.JOB, "invoice", StatsWindow.MINUTE, T, T);

        assertThat(stats).isEqualTo(aggregate.toStats(StatsScope.JOB, "invoice", StatsWindow.MINUTE, T, T));
        assertThat(stats.runs()).isEqualTo(3);
        assertThat(stats.retries()).isEqualTo(1);
        assertThat(stats.lateResults()).isEqualTo(1);
        assertThat(stats.byStatus())
                .isEqualTo(Map.of(RunStatus.FAILED, 1L, RunStatus.SUCCEEDED, 1L, RunStatus.NO_WORKER, 1L));
        assertThat(stats.durationMs().count()).isEqualTo(2);
        assertThat(stats.durationMs().max()).isEqualTo(1_470);
        assertThat(stats.latenessMs().max()).isEqualTo(30);
    }

    @Test
    void anAggregateWithoutSketchesRoundTrips() {
        RunAggregate aggregate = RunAggregate.of(result(RunStatus.NO_WORKER, FireKind.MANUAL, 1, -1, -1));

        RunAggregate decoded = RunAggregateSerde.decode(RunAggregateSerde.encode(aggregate));

        assertThat(decoded.durations).isNull();
        assertThat(decoded.toStats(StatsScope.APP, "billing", StatsWindow.HOUR, T, T)
                        .durationMs())
                .isNull();
    }

    @Test
    void appMessagesRoundTrip() {
        RunAggregate aggregate = RunAggregate.of(result(RunStatus.SUCCEEDED, FireKind.SCHEDULED, 1, 5, 50));

        AppMessage minute = AppMessage.decode(new AppMessage.Minute(T, aggregate).encode());
        assertThat(minute).isInstanceOf(AppMessage.Minute.class);
        assertThat(((AppMessage.Minute) minute).start()).isEqualTo(T);
        assertThat(((AppMessage.Minute) minute).aggregate().runs).isEqualTo(1);
        assertThat(AppMessage.decode(new AppMessage.Job("invoice", true, 20_000).encode()))
                .isEqualTo(new AppMessage.Job("invoice", true, 20_000));
        assertThat(AppMessage.decode(new AppMessage.Heartbeat("w-1", T).encode()))
                .isEqualTo(new AppMessage.Heartbeat("w-1", T));
    }

    @Test
    void foreignBytesAreRefused() {
        assertThatThrownBy(() -> RunAggregateSerde.decode(new byte[] {'{'}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("format");
        assertThatThrownBy(() -> AppMessage.decode(new byte[] {9}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("kind 9");
    }

    private static RunResult result(RunStatus status, FireKind kind, int attempt, long latenessMs, long finishMs) {
        Instant started = latenessMs < 0 ? null : T.plusMillis(latenessMs);
        Instant finished = finishMs < 0 ? T : T.plusMillis(finishMs);
        return new RunResult(
                RunResult.SCHEMA_VERSION,
                "invoice@1#0",
                "invoice@1",
                "invoice",
                "billing",
                "run",
                null,
                status,
                kind,
                attempt,
                0,
                1,
                T,
                started,
                finished,
                null,
                null,
                null,
                finished);
    }
}
