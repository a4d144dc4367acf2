package io.carillon.console.internal.workers;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.topics.events.WorkerHeartbeat;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class WorkerRegistryTest {

    private static final Instant NOW = Instant.parse("2026-05-01T12:00:00Z");

    @Test
    void forgetsTheInstanceHeardFromLongestAgoPastTheLimitWhateverItsKey() {
        WorkerProperties settings = new WorkerProperties();
        settings.setMaxInstances(2);
        WorkerRegistry registry = new WorkerRegistry(settings);

        register(registry, "key-a", heartbeat("named-otherwise", NOW.minusSeconds(2)));
        register(registry, "key-b", heartbeat("b", NOW.minusSeconds(1)));
        register(registry, "key-c", heartbeat("c", NOW));

        assertThat(registry.instances(NOW))
                .extracting(WorkerHeartbeat::instanceId)
                .containsExactly("b", "c");
    }

    @Test
    void isStaleAfterTheAllowedMissedBeatsAndForgottenLater() {
        WorkerRegistry registry = new WorkerRegistry(new WorkerProperties());
        WorkerHeartbeat heartbeat = heartbeat("a", NOW);
        register(registry, "a", heartbeat);

        assertThat(registry.isStale(heartbeat, NOW.plusMillis(2999))).isFalse();
        assertThat(registry.isStale(heartbeat, NOW.plusSeconds(3))).isTrue();
        assertThat(registry.instances(
                        NOW.plusSeconds(3).plus(Duration.ofHours(1)).minusMillis(1)))
                .hasSize(1);
        assertThat(registry.instances(NOW.plusSeconds(3).plus(Duration.ofHours(1))))
                .isEmpty();
    }

    @Test
    void judgesStalenessByReceiptAndReportsTheClockOffsetOfEachInstance() {
        WorkerRegistry registry = new WorkerRegistry(new WorkerProperties());
        registry.update("behind", heartbeat("behind", NOW.minusSeconds(20)), NOW, -20_000);
        registry.update("ahead", heartbeat("ahead", NOW.plusSeconds(20)), NOW, 20_000);

        assertThat(registry.instances(NOW.plusMillis(2999)))
                .allSatisfy(instance -> assertThat(registry.isStale(instance, NOW.plusMillis(2999)))
                        .isFalse());
        assertThat(registry.instances(NOW))
                .allSatisfy(instance -> assertThat(instance.sentAt()).isEqualTo(NOW));
        assertThat(registry.clockOffsetMillis("behind")).isEqualTo(-20_000);
        assertThat(registry.clockOffsetMillis("ahead")).isEqualTo(20_000);

        registry.remove("ahead");

        assertThat(registry.clockOffsetMillis("ahead")).isZero();
    }

    private static void register(WorkerRegistry registry, String key, WorkerHeartbeat heartbeat) {
        registry.update(key, heartbeat, heartbeat.sentAt(), 0);
    }

    private static WorkerHeartbeat heartbeat(String instanceId, Instant sentAt) {
        return new WorkerHeartbeat(
                WorkerHeartbeat.SCHEMA_VERSION,
                instanceId,
                "demo",
                List.of("echo"),
                1,
                0,
                List.of(0),
                1000,
                sentAt,
                sentAt);
    }
}
