package io.carillon.dispatcher.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.topics.events.WorkerHeartbeat;
import io.carillon.topics.workers.ClockOffsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Liveness and clock offsets judged on the dispatcher's clock, whatever the workers' clocks say. */
class WorkerRegistryTest {

    private static final Instant NOW = Instant.parse("2030-01-01T00:00:00Z");
    private static final long INTERVAL_MS = 1_000;
    private static final Duration SKEW = Duration.ofSeconds(20);
    private static final Duration TIME_TO_LIVE =
            Duration.ofMillis(WorkerHeartbeat.MISSED_BEATS_BEFORE_DEAD * INTERVAL_MS);

    private final WorkerRegistry registry = new WorkerRegistry();

    @Test
    void aWorkerWhoseClockIsBehindIsLiveWhileItsHeartbeatsArrive() {
        registry.updateLive("w1", beat("w1", NOW.minus(SKEW)), NOW);

        assertThat(live(NOW.plus(TIME_TO_LIVE).minusMillis(1))).containsExactly("w1");
        assertThat(registry.clockOffsetMillis("w1")).isEqualTo(-SKEW.toMillis());
    }

    @Test
    void aWorkerWhoseClockIsAheadIsDeadThreeIntervalsAfterItsLastHeartbeatArrived() {
        registry.updateLive("w1", beat("w1", NOW.plus(SKEW)), NOW);

        assertThat(live(NOW.plus(TIME_TO_LIVE).minusMillis(1))).containsExactly("w1");
        assertThat(live(NOW.plus(TIME_TO_LIVE))).isEmpty();
    }

    @Test
    void routingPrefersInstancesInStepAndTakesTheOthersWhenNoneIs() {
        registry.updateLive("w1", beat("w1", NOW.plus(SKEW)), NOW);
        registry.updateLive("w2", beat("w2", NOW.minusMillis(5)), NOW);
        registry.updateLive("w3", beat("w3", NOW.minus(SKEW)), NOW);

        assertThat(live(NOW)).containsExactly("w2");
        assertThat(registry.outOfStep()).isEqualTo(2);

        registry.remove("w2");

        assertThat(live(NOW)).containsExactly("w1", "w3");
    }

    @Test
    void aDelayedHeartbeatDoesNotMakeAClockLookBehind() {
        registry.updateLive("w1", beat("w1", NOW.minusMillis(3)), NOW);
        Instant afterStall = NOW.plusSeconds(6);
        registry.updateLive("w1", beat("w1", NOW.plusSeconds(1)), afterStall);

        assertThat(registry.clockOffsetMillis("w1")).isEqualTo(-3);
        assertThat(live(afterStall)).containsExactly("w1");
    }

    @Test
    void anInstanceSeenOnlyAtStartUpCountsAsInStep() {
        registry.update("w1", beat("w1", NOW.minusMillis(500)), NOW.minusMillis(500));

        assertThat(registry.outOfStep()).isZero();
        assertThat(live(NOW)).containsExactly("w1");
    }

    @Test
    void aClockThatComesBackInStepIsPreferredAgainOnceItsOffSamplesAreOld() {
        registry.updateLive("w1", beat("w1", NOW.plus(SKEW)), NOW);
        registry.updateLive("w2", beat("w2", NOW), NOW);
        Instant beat = NOW;
        for (int i = 0; i < ClockOffsets.SAMPLES; i++) {
            beat = beat.plusMillis(INTERVAL_MS);
            registry.updateLive("w1", beat("w1", beat), beat);
            registry.updateLive("w2", beat("w2", beat), beat);
        }

        assertThat(live(beat)).containsExactly("w1", "w2");
    }

    private List<String> live(Instant now) {
        return registry.live("demo", "echo", List.of(), now).stream()
                .map(WorkerHeartbeat::instanceId)
                .toList();
    }

    private static WorkerHeartbeat beat(String instanceId, Instant sentAt) {
        return new WorkerHeartbeat(
                WorkerHeartbeat.SCHEMA_VERSION,
                instanceId,
                "demo",
                List.of("echo"),
                4,
                0,
                List.of(),
                INTERVAL_MS,
                NOW.minusSeconds(60),
                sentAt);
    }
}
