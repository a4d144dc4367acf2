package io.carillon.dispatcher.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.carillon.dispatcher.Dispatcher;
import io.carillon.testkit.PrometheusText;
import io.carillon.testkit.TestKafka;
import io.carillon.testkit.TopicReader;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.TopicInitializer;
import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.FireIds;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.WorkerHeartbeat;
import io.carillon.worker.CarillonWorker;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The dispatcher process with a live worker on the real broker, scraped as Prometheus does: a fire due now is
 * dispatched and measured in the lateness histogram, a fire due in an hour is held, a bad fire record is a dead
 * letter, and the dispatcher's consumer group has a lag.
 */
class DispatcherMetricsIT {

    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final String APP = "demo";

    @Test
    void exposesItsMetersForPrometheus() throws Exception {
        String prefix = "m" + UUID.randomUUID().toString().substring(0, 8) + ".";
        TopicCatalog catalog = new TopicCatalog(prefix, 1, (short) 1);
        Clock clock = Clock.systemUTC();
        try (ConfigurableApplicationContext context = DispatcherApplication.application()
                        .properties(
                                "carillon.kafka.bootstrap-servers=" + TestKafka.bootstrapServers(),
                                "carillon.topics.prefix=" + prefix,
                                "carillon.topics.partitions=1",
                                "carillon.metrics.consumer-lag-interval=500ms",
                                "spring.main.keep-alive=false",
                                "server.port=0")
                        .run();
                CarillonWorker worker = worker(catalog, clock);
                KafkaProducer<String, byte[]> producer = TestKafka.producer(new ByteArraySerializer())) {
            int port = context.getEnvironment().getRequiredProperty("local.server.port", Integer.class);
            worker.start();
            try (TopicReader<WorkerHeartbeat> heartbeats =
                    new TopicReader<>(catalog.workers(), EventSerdes.HEARTBEAT)) {
                await().atMost(WAIT)
                        .until(() -> heartbeats.values().stream()
                                .anyMatch(heartbeat -> heartbeat != null
                                        && !heartbeat.partitions().isEmpty()));
            }
            Dispatcher dispatcher = context.getBean(Dispatcher.class);
            await().atMost(WAIT).until(() -> dispatcher.stats().assignedPartitions() == 1);
            Instant now = clock.instant();
            send(producer, catalog, fire(now));
            send(producer, catalog, fire(now.plus(Duration.ofHours(1))));
            producer.send(new ProducerRecord<>(catalog.fires(), "bad", "{ not a fire".getBytes(StandardCharsets.UTF_8)))
                    .get();

            await().atMost(WAIT).untilAsserted(() -> {
                PrometheusText scrape = PrometheusText.scrape(port);
                assertThat(scrape.sum("carillon_dispatch_dispatched_total", Map.of("app", APP)))
                        .isEqualTo(1);
                assertThat(scrape.sum("carillon_dispatch_lateness_seconds_count", Map.of("app", APP)))
                        .isEqualTo(1);
                assertThat(scrape.sum("carillon_dispatch_held_fires", Map.of())).isEqualTo(1);
                assertThat(scrape.sum(
                                "carillon_dead_letters_total",
                                Map.of("component", "dispatcher", "topic", catalog.fires())))
                        .isEqualTo(1);
                assertThat(scrape.samples("carillon_consumer_lag_records", Map.of("group", prefix + "dispatcher")))
                        .hasSize(1);
            });
            PrometheusText scrape = PrometheusText.scrape(port);
            assertThat(scrape.samples("carillon_dispatch_lateness_seconds_bucket", Map.of("app", APP)))
                    .as("a percentile histogram: buckets Prometheus computes p99 from")
                    .hasSizeGreaterThan(10)
                    .allSatisfy(bucket -> assertThat(bucket.labels()).containsOnlyKeys("app", "le"));
        }
    }

    private static CarillonWorker worker(TopicCatalog catalog, Clock clock) {
        try (var admin = TestKafka.admin()) {
            new TopicInitializer(admin).ensure(List.of(catalog.triggerTopic(APP)));
        }
        return CarillonWorker.builder()
                .bootstrapServers(TestKafka.bootstrapServers())
                .catalog(catalog)
                .clock(clock)
                .app(APP)
                .instanceId("w1")
                .heartbeatInterval(Duration.ofMillis(200))
                .shutdownGrace(Duration.ZERO)
                .handler("echo", context -> null)
                .build();
    }

    private static FireEvent fire(Instant dueAt) {
        return new FireEvent(
                0,
                null,
                FireIds.scheduled("job", dueAt),
                "job",
                1,
                APP,
                "echo",
                dueAt,
                FireKind.SCHEDULED,
                1,
                "{}",
                null,
                null,
                null,
                0,
                null,
                null,
                dueAt);
    }

    private static void send(KafkaProducer<String, byte[]> producer, TopicCatalog catalog, FireEvent fire)
            throws Exception {
        producer.send(new ProducerRecord<>(catalog.fires(), fire.jobId(), EventSerdes.FIRE.serialize(null, fire)))
                .get();
    }
}
