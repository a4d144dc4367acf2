package io.carillon.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.carillon.testkit.PrometheusText;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.events.FireIds;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.Incident;
import io.carillon.topics.events.IncidentAction;
import io.carillon.topics.events.IncidentRule;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The console's {@code /actuator/prometheus} on the real broker and PostgreSQL: only for signed-in callers; the runs
 * it materializes, the incidents open, the outbox backlog, its dead letters and its consumer groups' lag.
 */
@ExtendWith(ConsoleTestEnvironment.DropDatabase.class)
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = "carillon.metrics.consumer-lag-interval=500ms")
@DirtiesContext
class ConsoleMetricsIT {

    private static final ConsoleTestEnvironment environment = new ConsoleTestEnvironment();
    private static final Duration DEADLINE = Duration.ofSeconds(30);
    private static final Instant SCHEDULED = Instant.parse("2026-05-01T12:00:00Z");

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        environment.register(registry);
    }

    @LocalServerPort
    int port;

    @Test
    void exposesItsMetersToSignedInCallersOnly() throws Exception {
        ApiClient api = new ApiClient(port);
        assertThat(api.anonymous().get("/actuator/prometheus").status()).isEqualTo(401);
        assertThat(api.post("/api/v1/jobs", """
                {"id": "nightly", "app": "demo", "handler": "echo", "schedule": {"type": "NONE"}}""").status()).isEqualTo(201);
        String fireId = FireIds.scheduled("nightly", SCHEDULED);
        Instant startedAt = SCHEDULED.plusMillis(42);
        RunResult succeeded = new RunResult(
                RunResult.SCHEMA_VERSION,
                FireIds.runId(fireId, 0),
                fireId,
                "nightly",
                "demo",
                "echo",
                "worker-1",
                RunStatus.SUCCEEDED,
                FireKind.SCHEDULED,
                1,
                0,
                1,
                SCHEDULED,
                startedAt,
                startedAt.plusMillis(2000),
                "done",
                null,
                null,
                startedAt);
        Incident opened = new Incident(
                Incident.SCHEMA_VERSION,
                "failed:nightly:" + fireId,
                IncidentAction.OPENED,
                IncidentRule.FAILED,
                "demo",
                "nightly",
                SCHEDULED,
                SCHEDULED,
                1,
                fireId,
                "failed");
        try (Producer<String, byte[]> producer = ConsoleTestEnvironment.producer()) {
            String results = environment.catalog.results();
            producer.send(new ProducerRecord<>(results, "nightly", EventSerdes.RESULT.serialize(results, succeeded)))
                    .get();
            producer.send(new ProducerRecord<>(results, "nightly", "not json".getBytes(StandardCharsets.UTF_8)))
                    .get();
            String alerts = environment.catalog.alerts();
            producer.send(new ProducerRecord<>(
                            alerts, opened.incidentId(), EventSerdes.INCIDENT.serialize(alerts, opened)))
                    .get();
        }

        await().atMost(DEADLINE).untilAsserted(() -> {
            PrometheusText scrape = scrape(api);
            assertThat(scrape.sum("carillon_console_runs_total", Map.of("app", "demo", "status", "SUCCEEDED")))
                    .isEqualTo(1);
            assertThat(scrape.sum(
                            "carillon_console_run_duration_seconds_count",
                            Map.of("app", "demo", "status", "SUCCEEDED")))
                    .isEqualTo(1);
            assertThat(scrape.sum(
                            "carillon_console_run_duration_seconds_sum", Map.of("app", "demo", "status", "SUCCEEDED")))
                    .isEqualTo(2.0);
            assertThat(scrape.sum("carillon_console_incidents_open_incidents", Map.of("rule", "FAILED")))
                    .isEqualTo(1);
            assertThat(scrape.sum(
                            "carillon_dead_letters_total",
                            Map.of("component", "console", "topic", environment.catalog.results())))
                    .isEqualTo(1);
            assertThat(scrape.sum("carillon_console_outbox_backlog_changes", Map.of()))
                    .isZero();
            assertThat(scrape.samples(
                            "carillon_consumer_lag_records", Map.of("group", environment.catalog.prefix() + "console")))
                    .hasSize(1);
        });
        PrometheusText scrape = scrape(api);
        assertThat(scrape.sum("carillon_console_incidents_open_incidents", Map.of("rule", "MISSED")))
                .isZero();
        assertThat(scrape.samples("carillon_console_runs_total", Map.of()))
                .allSatisfy(sample -> assertThat(sample.labels()).containsOnlyKeys("app", "status"));
    }

    private static PrometheusText scrape(ApiClient api) {
        ApiClient.Answer answer = api.get("/actuator/prometheus");
        assertThat(answer.status()).isEqualTo(200);
        return PrometheusText.parse(answer.body());
    }
}
