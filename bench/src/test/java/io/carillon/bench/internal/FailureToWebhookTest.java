package io.carillon.bench.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.bench.internal.WebhookReceiver.Arrival;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FailureToWebhookTest {

    private static final Instant T = Instant.parse("2026-11-25T10:00:00Z");

    private static Arrival failed(String event, String fireId, long arrivedAfterMs) {
        return new Arrival(
                event, "FAILED", "bench-000001", fireId, "failed:bench-000001:f0", T.plusMillis(arrivedAfterMs), true);
    }

    @Test
    void eachFailureIsTimedFromItsFinishToItsFirstNotification() {
        Map<String, Instant> failures = Map.of("f1", T, "f2", T.plusSeconds(1), "f3", T.plusSeconds(2));
        List<Arrival> arrivals = List.of(
                failed("OPENED", "f0", 0),
                failed("UPDATED", "f1", 300),
                failed("UPDATED", "f2", 1_500),
                failed("UPDATED", "f2", 4_000),
                new Arrival("OPENED", "MISSED", "bench-000002", "f9", "missed:bench-000002:1", T, false));

        Map<String, Object> figures = FailureToWebhook.of(failures, arrivals);

        assertThat(figures.get("failure_to_webhook_ms"))
                .isEqualTo(Map.of("count", 2, "p50", 300L, "p99", 500L, "max", 500L));
        assertThat(figures)
                .containsEntry("notifications_expected", 3)
                .containsEntry("notifications_arrived", 2)
                .containsEntry("notifications_missing", 1)
                .containsEntry("notifications_repeated", 1L)
                .containsEntry("notifications_other", 2L)
                .containsEntry("notifications_other_by_rule", Map.of("FAILED", 1L, "MISSED", 1L))
                .containsEntry("notifications_unsigned", 1L)
                .containsEntry("notifications_by_event", Map.of("UPDATED", 2L));
        assertThat(FailureToWebhook.arrived(failures, arrivals)).isEqualTo(2);
    }

    @Test
    void noFailuresNoLatencies() {
        Map<String, Object> figures = FailureToWebhook.of(Map.of(), List.of());

        assertThat(figures.get("failure_to_webhook_ms")).isEqualTo(Map.of("count", 0));
        assertThat(figures).containsEntry("notifications_expected", 0).containsEntry("notifications_missing", 0);
    }
}
