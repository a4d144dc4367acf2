package io.carillon.analytics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.carillon.analytics.app.AnalyticsApplication;
import io.carillon.testkit.PrometheusText;
import io.carillon.testkit.TestKafka;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.events.Alerting;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.Schedule;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The analytics process on the real broker, scraped as Prometheus does: a failed run moves the opened-incidents
 * counter of the failed rule, an unreadable result the dead-letter counter; its consumer group's lag and Kafka
 * Streams' metrics are there.
 */
class AnalyticsMetricsIT {

    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final Alerting WITHOUT_WORKER_RULE =
            new Alerting(null, null, null, null, null, false, null, null, null, null, null, null, null, null, null);

    @TempDir
    Path stateDir;

    @Test
    void exposesItsMetersForPrometheus() throws Exception {
        String prefix = "t" + UUID.randomUUID().toString().substring(0, 8) + ".";
        Instant at = Instant.parse("2026-11-25T10:00:00Z");
        try (ConfigurableApplicationContext context = AnalyticsApplication.application()
                        .run(
                                "--carillon.kafka.bootstrap-servers=" + TestKafka.bootstrapServers(),
                                "--carillon.topics.prefix=" + prefix,
                                "--carillon.topics.partitions=1",
                                "--carillon.analytics.state-dir=" + stateDir,
                                "--carillon.analytics.results-from-start=true",
                                "--carillon.metrics.consumer-lag-interval=500ms",
                                "--server.port=0");
                KafkaProducer<String, String> producer = TestKafka.producer(new StringSerializer())) {
            int port = context.getEnvironment().getRequiredProperty("local.server.port", Integer.class);
            producer.send(new ProducerRecord<>(
                            prefix + "jobs",
                            "invoice",
                            EventSerdes.JOB.toJson(TestRuns.job("invoice", Schedule.none(), WITHOUT_WORKER_RULE))))
                    .get();
            RunResult failed = TestRuns.result(
                    "invoice",
                    "invoice@1",
                    FireKind.MANUAL,
                    1,
                    RunStatus.FAILED,
                    at,
                    at.plusSeconds(1),
                    at.plusSeconds(3));
            producer.send(new ProducerRecord<>(prefix + "results", "invoice", EventSerdes.RESULT.toJson(failed)))
                    .get();
            producer.send(new ProducerRecord<>(prefix + "results", "invoice", "{ not a result"))
                    .get();

            await().atMost(WAIT).untilAsserted(() -> {
                PrometheusText scrape = PrometheusText.scrape(port);
                assertThat(scrape.sum(
                                "carillon_analytics_incidents_total", Map.of("rule", "FAILED", "action", "OPENED")))
                        .isEqualTo(1);
                assertThat(scrape.sum(
                                "carillon_dead_letters_total",
                                Map.of("component", "analytics", "topic", prefix + "results")))
                        .isEqualTo(1);
                assertThat(scrape.samples("carillon_consumer_lag_records", Map.of("group", prefix + "analytics")))
                        .hasSize(1);
            });
            PrometheusText scrape = PrometheusText.scrape(port);
            assertThat(scrape.sum("carillon_analytics_incidents_total", Map.of("action", "RESOLVED")))
                    .isZero();
            assertThat(scrape.hasPrefix("kafka_stream_"))
                    .as("Kafka Streams' own metrics")
                    .isTrue();
        }
    }
}
