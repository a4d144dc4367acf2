package io.carillon.standalone;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.carillon.testkit.TestDatabase;
import io.carillon.testkit.TestKafka;
import io.carillon.testkit.TopicReader;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.events.DeadLetter;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.Trigger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.core.ParameterizedTypeReference;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.web.client.RestClient;

/**
 * One fire's whole path on real parts: REST → PostgreSQL outbox → jobs topic → planner → fires → dispatcher →
 * trigger.demo → demo worker → results → materializer → PostgreSQL → REST.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class EndToEndIT {

    private static final ParameterizedTypeReference<List<Map<String, Object>>> LIST_OF_MAPS =
            new ParameterizedTypeReference<>() {};

    @TempDir
    static Path dataDir;

    private TestDatabase database;
    private TopicCatalog catalog;
    private Standalone standalone;
    private RestClient http;

    private static final String ADMIN_PASSWORD = "end-to-end-password";

    @BeforeAll
    void startCarillon() {
        database = TestDatabase.create();
        catalog = TestKafka.newCatalog(TopicCatalog.DEFAULT_PARTITIONS);
        standalone = SharedInfrastructure.start(database, catalog, dataDir, ADMIN_PASSWORD);
        http = RestClient.builder()
                .baseUrl("http://localhost:" + standalone.port())
                .defaultHeaders(headers -> headers.setBasicAuth("admin", ADMIN_PASSWORD))
                .defaultStatusHandler(HttpStatusCode::isError, (request, response) -> {})
                .build();
    }

    @AfterAll
    void stopCarillon() {
        if (standalone != null) {
            standalone.close();
        }
        database.close();
    }

    @Test
    void aFixedRateJobRunsEverySecondExactlyOnceWithLatenessRecorded() {
        Instant created = Clock.systemUTC().instant();
        createJob(Map.of(
                "id",
                "tick",
                "app",
                "demo",
                "handler",
                "echo",
                "params",
                "{\"n\":1}",
                "schedule",
                Map.of("type", "FIXED_RATE", "intervalMs", 1000)));

        await().atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(250))
                .until(() -> succeededRuns("tick").size() >= 8);

        List<Map<String, Object>> runs = succeededRuns("tick");
        List<Object> scheduled =
                runs.stream().map(run -> run.get("scheduledAt")).toList();
        assertThat(scheduled).doesNotHaveDuplicates();
        assertThat(runs).allSatisfy(run -> {
            assertThat(Instant.parse((String) run.get("scheduledAt"))).isAfter(created.minusSeconds(1));
            assertThat(Instant.parse((String) run.get("scheduledAt")).toEpochMilli() % 1000)
                    .isZero();
            assertThat(run.get("latenessMs")).isInstanceOf(Number.class);
            assertThat(((Number) run.get("latenessMs")).longValue()).isGreaterThanOrEqualTo(0);
            assertThat(run.get("instance")).isNotNull();
        });
        assertEachFireTriggeredAndStartedOnce("tick");
    }

    @Test
    void aBadJobIsRefusedNamingTheField() {
        var badId = http.post()
                .uri("/api/v1/jobs")
                .contentType(MediaType.APPLICATION_JSON)
                .body(Map.of(
                        "id",
                        "Not A Slug",
                        "app",
                        "demo",
                        "handler",
                        "echo",
                        "schedule",
                        Map.of("type", "FIXED_RATE", "intervalMs", 1000)))
                .retrieve()
                .toEntity(String.class);
        assertThat(badId.getStatusCode().value()).isEqualTo(400);
        assertThat(badId.getBody()).contains("\"field\":\"id\"");

        var badCron = http.post()
                .uri("/api/v1/jobs")
                .contentType(MediaType.APPLICATION_JSON)
                .body(Map.of(
                        "id",
                        "bad-cron",
                        "app",
                        "demo",
                        "handler",
                        "echo",
                        "schedule",
                        Map.of("type", "CRON", "cron", "0 0 25 * * ?")))
                .retrieve()
                .toEntity(String.class);
        assertThat(badCron.getStatusCode().value()).isEqualTo(400);
        assertThat(badCron.getBody()).contains("\"field\":\"schedule.cron\"");
    }

    @Test
    void aMalformedRequestGoesToTheDeadLetterTopicWhileOtherJobsKeepFiring() {
        createJob(Map.of(
                "id",
                "steady",
                "app",
                "demo",
                "handler",
                "echo",
                "schedule",
                Map.of("type", "FIXED_RATE", "intervalMs", 1000)));
        await().atMost(Duration.ofSeconds(15))
                .until(() -> succeededRuns("steady").size() >= 1);

        produceRaw(catalog.requests(), "steady", "{this is not json");

        try (TopicReader<DeadLetter> dlq = new TopicReader<>(catalog.dlq(), EventSerdes.DEAD_LETTER)) {
            await().atMost(Duration.ofSeconds(15))
                    .until(() -> dlq.values().stream()
                            .anyMatch(letter -> letter.sourceTopic().equals(catalog.requests())
                                    && letter.value().equals("{this is not json")));
        }
        int before = succeededRuns("steady").size();
        await().atMost(Duration.ofSeconds(10))
                .until(() -> succeededRuns("steady").size() >= before + 2);
    }

    @Test
    void runNowFiresAJobThatHasNoSchedule() {
        createJob(Map.of("id", "manual", "app", "demo", "handler", "echo", "schedule", Map.of("type", "NONE")));

        var accepted = http.post()
                .uri("/api/v1/jobs/manual/run")
                .contentType(MediaType.APPLICATION_JSON)
                .body(Map.of("params", "by hand"))
                .retrieve()
                .toEntity(String.class);
        assertThat(accepted.getStatusCode().value()).isEqualTo(202);

        await().atMost(Duration.ofSeconds(15))
                .until(() -> succeededRuns("manual").size() == 1);
    }

    private void createJob(Map<String, Object> job) {
        var response = http.post()
                .uri("/api/v1/jobs")
                .contentType(MediaType.APPLICATION_JSON)
                .body(job)
                .retrieve()
                .toEntity(String.class);
        assertThat(response.getStatusCode().value()).as(response.getBody()).isEqualTo(201);
    }

    private List<Map<String, Object>> succeededRuns(String jobId) {
        List<Map<String, Object>> runs = http.get()
                .uri("/api/v1/jobs/{id}/runs?limit=100", jobId)
                .retrieve()
                .body(LIST_OF_MAPS);
        return runs == null
                ? List.of()
                : runs.stream()
                        .filter(run -> RunStatus.SUCCEEDED.name().equals(run.get("status")))
                        .toList();
    }

    private void assertEachFireTriggeredAndStartedOnce(String jobId) {
        try (TopicReader<Trigger> triggers = TopicReader.ofBatches(catalog.trigger("demo"), EventSerdes.TRIGGERS);
                TopicReader<RunResult> results = new TopicReader<>(catalog.results(), EventSerdes.RESULT)) {
            await().atMost(Duration.ofSeconds(10))
                    .until(() -> triggers.values().stream()
                                    .filter(trigger -> trigger.jobId().equals(jobId))
                                    .count()
                            >= 8);
            Map<String, Long> triggersPerRun = triggers.values().stream()
                    .filter(t -> t.jobId().equals(jobId))
                    .collect(Collectors.groupingBy(Trigger::runId, Collectors.counting()));
            assertThat(triggersPerRun.values()).allMatch(count -> count == 1);

            await().atMost(Duration.ofSeconds(10)).until(() -> results.values().size() > 0);
            // a worker's claim (STARTED without startedAt) precedes each run; the real start carries startedAt
            Map<String, Long> startsPerRun = results.values().stream()
                    .filter(r -> r.jobId().equals(jobId) && r.status() == RunStatus.STARTED && r.startedAt() != null)
                    .collect(Collectors.groupingBy(RunResult::runId, Collectors.counting()));
            assertThat(startsPerRun.values()).allMatch(count -> count == 1);
        }
    }

    private static void produceRaw(String topic, String key, String value) {
        try (KafkaProducer<String, byte[]> producer = new KafkaProducer<>(
                Map.of(
                        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        TestKafka.bootstrapServers(),
                        ProducerConfig.CLIENT_ID_CONFIG,
                        "e2e-" + UUID.randomUUID()),
                new StringSerializer(),
                new ByteArraySerializer())) {
            producer.send(new ProducerRecord<>(topic, key, value.getBytes(StandardCharsets.UTF_8)));
        }
    }
}
