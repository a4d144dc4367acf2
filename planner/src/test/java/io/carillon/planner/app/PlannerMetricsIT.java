package io.carillon.planner.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.carillon.testkit.HttpProbe;
import io.carillon.testkit.PrometheusText;
import io.carillon.testkit.TestKafka;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.Schedule;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The planner process on the real broker, scraped as Prometheus does: its fires counter moves once a job fires, a
 * bad request shows as a dead letter, its consumer group's lag and Kafka Streams' metrics are there.
 */
class PlannerMetricsIT {

    private static final Duration WAIT = Duration.ofSeconds(60);

    @TempDir
    Path stateDir;

    @Test
    void exposesItsMetersForPrometheus() throws Exception {
        String prefix = "t" + UUID.randomUUID().toString().substring(0, 8) + ".";
        try (ConfigurableApplicationContext context = PlannerApplication.application()
                        .run(
                                "--carillon.kafka.bootstrap-servers=" + TestKafka.bootstrapServers(),
                                "--carillon.topics.prefix=" + prefix,
                                "--carillon.topics.partitions=1",
                                "--carillon.planner.state-dir=" + stateDir,
                                "--carillon.metrics.consumer-lag-interval=500ms",
                                "--server.port=0");
                KafkaProducer<String, String> producer = TestKafka.producer(new StringSerializer())) {
            int port = context.getEnvironment().getRequiredProperty("local.server.port", Integer.class);
            JobDefinition job = JobDefinition.builder("tick")
                    .app("demo")
                    .handler("echo")
                    .schedule(Schedule.fixedRate(1000))
                    .build();
            producer.send(new ProducerRecord<>(prefix + "jobs", "tick", EventSerdes.JOB.toJson(job)))
                    .get();
            producer.send(new ProducerRecord<>(prefix + "requests", "tick", "{ not a request"))
                    .get();

            await().atMost(WAIT).untilAsserted(() -> {
                PrometheusText scrape = PrometheusText.scrape(port);
                assertThat(scrape.sum("carillon_planner_fires_total", Map.of("kind", "SCHEDULED")))
                        .isPositive();
                assertThat(scrape.sum(
                                "carillon_dead_letters_total",
                                Map.of("component", "planner", "topic", prefix + "requests")))
                        .isEqualTo(1);
                assertThat(scrape.samples("carillon_consumer_lag_records", Map.of("group", prefix + "planner")))
                        .hasSize(1);
            });
            PrometheusText scrape = PrometheusText.scrape(port);
            assertThat(scrape.has("carillon_planner_fires_total")).isTrue();
            assertThat(scrape.hasPrefix("kafka_stream_"))
                    .as("Kafka Streams' own metrics")
                    .isTrue();
            assertThat(scrape.samples("carillon_planner_fires_total", Map.of()))
                    .allSatisfy(sample -> assertThat(sample.labels()).containsOnlyKeys("kind"));
            assertThat(HttpProbe.get(port, "/actuator/env").statusCode())
                    .as("only health and prometheus")
                    .isEqualTo(404);
        }
    }
}
