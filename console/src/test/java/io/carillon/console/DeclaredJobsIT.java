package io.carillon.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.carillon.console.ApiClient.Answer;
import io.carillon.testkit.SettableClock;
import io.carillon.testkit.TestKafka;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.events.AppDeclarations;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.Schedule;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * Jobs declared by worker apps on the real console, PostgreSQL and broker: real workers publish their declarations at
 * start and the console creates and updates the jobs as the app, a rolling deploy converges on the newer version,
 * undeclared jobs follow the orphan policy, console edits of a managed job are refused and detach hands it over.
 */
@ExtendWith(ConsoleTestEnvironment.DropDatabase.class)
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = "carillon.console.declarations.app-orphans.scratch=DELETE")
@DirtiesContext
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DeclaredJobsIT {

    private static final ConsoleTestEnvironment environment = new ConsoleTestEnvironment();
    private static final Instant NOW = Instant.parse("2026-05-01T12:00:00Z");
    private static final Duration DEADLINE = Duration.ofSeconds(30);
    private static final String PASSWORD = "a-long-enough-password";

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        environment.register(registry);
    }

    @TestConfiguration
    static class FixedTime {
        @Bean
        Clock carillonClock() {
            return new SettableClock(NOW);
        }
    }

    @LocalServerPort
    int port;

    @Autowired
    JdbcClient jdbc;

    ApiClient admin;
    ApiClient operator;
    Producer<String, byte[]> producer;

    @BeforeAll
    void clients() {
        admin = new ApiClient(port);
        admin.post("/api/v1/users", """
                {"name": "otto", "password": "%s", "grants": [{"role": "OPERATOR", "app": "ledger"}]}""".formatted(PASSWORD));
        operator = admin.as("otto", PASSWORD);
        producer = ConsoleTestEnvironment.producer();
    }

    @AfterAll
    void close() {
        producer.close();
    }

    @Test
    void aWorkersDeclaredJobsAreCreatedAndItsNextVersionChangesThem() {
        startAndStopWorker(
                "reports",
                "1.0.0",
                List.of(
                        job("reports", "daily-report", Schedule.cron("0 0 6 * * ?", "Europe/Berlin")),
                        job("reports", "weekly-report", Schedule.cron("0 0 6 ? * MON", "Europe/Berlin"))));

        JsonNode daily = awaitJob(
                "daily-report",
                job -> job.path("managedBy").path("version").asString().equals("1.0.0"));
        assertThat(daily.get("managedBy").get("app").asString()).isEqualTo("reports");
        assertThat(daily.get("managedBy").get("orphaned").asBoolean()).isFalse();
        assertThat(daily.get("version").asLong()).isEqualTo(1);
        awaitJob("weekly-report", job -> job.has("managedBy"));
        assertThat(actors("JOB_CREATE", "daily-report")).containsExactly("app reports");
        JsonNode listed = admin.get("/api/v1/jobs?app=reports").json().get("items");
        assertThat(listed.valueStream()
                        .map(item -> item.get("managedBy").get("version").asString())
                        .toList())
                .containsExactly("1.0.0", "1.0.0");

        startAndStopWorker(
                "reports",
                "1.1.0",
                List.of(job("reports", "daily-report", Schedule.cron("0 30 6 * * ?", "Europe/Berlin"))));

        daily = awaitJob(
                "daily-report",
                job -> job.get("managedBy").get("version").asString().equals("1.1.0"));
        assertThat(daily.get("schedule").get("cron").asString()).isEqualTo("0 30 6 * * ?");
        assertThat(daily.get("version").asLong()).isEqualTo(2);
        assertThat(actors("JOB_UPDATE", "daily-report")).containsExactly("app reports");
        JsonNode weekly = awaitJob(
                "weekly-report", job -> job.get("managedBy").get("orphaned").asBoolean());
        assertThat(weekly.get("enabled").asBoolean())
                .as("the default orphan policy disables")
                .isFalse();
        assertThat(actors("JOB_DISABLE", "weekly-report")).containsExactly("app reports");
        assertThat(admin.get("/api/v1/jobs?app=reports")
                        .json()
                        .get("items")
                        .get(1)
                        .get("managedBy")
                        .get("orphaned")
                        .asBoolean())
                .isTrue();
    }

    @Test
    void aRollingDeployWithTwoVersionsConvergesOnTheNewer() {
        List<JobDefinition> older = List.of(job("billing", "invoices", Schedule.fixedRate(3_600_000)));
        List<JobDefinition> newer = List.of(job("billing", "invoices", Schedule.fixedRate(7_200_000)));

        publish("billing", "2.9.0", older);
        publish("billing", "2.10.0", newer);
        publish("billing", "2.9.0", older);
        publish("billing", "2.10.0", newer);
        publish("billing", "2.9.0", older);
        awaitDeclarationsRead();

        JsonNode invoices = admin.get("/api/v1/jobs/invoices").json();
        assertThat(invoices.get("schedule").get("intervalMs").asLong()).isEqualTo(7_200_000);
        assertThat(invoices.get("managedBy").get("version").asString()).isEqualTo("2.10.0");
        assertThat(invoices.get("version").asLong())
                .as("created, then changed once")
                .isEqualTo(2);
        assertThat(actors("JOB_UPDATE", "invoices")).hasSize(1);
    }

    @Test
    void editsOfAManagedJobAreRefusedUntilItIsDetached() {
        publish("ledger", "1", List.of(job("ledger", "ledger-close", Schedule.cron("0 0 1 * * ?", null))));
        awaitJob("ledger-close", job -> job.has("managedBy"));
        String changed = """
                {"id": "ledger-close", "app": "ledger", "handler": "work", "schedule": {"type": "NONE"}}""";

        Answer put = operator.put("/api/v1/jobs/ledger-close", changed);
        assertThat(put.status()).isEqualTo(409);
        assertThat(put.json().get("error").asString()).contains("managed by app 'ledger'");
        assertThat(operator.delete("/api/v1/jobs/ledger-close").status()).isEqualTo(409);
        assertThat(operator.post("/api/v1/jobs/ledger-close/disable", "").status())
                .isEqualTo(200);
        assertThat(operator.post("/api/v1/jobs/ledger-close/enable", "").status())
                .isEqualTo(200);
        assertThat(operator.post("/api/v1/jobs/ledger-close/run", "").status()).isEqualTo(202);
        assertThat(operator.post("/api/v1/jobs/ledger-close/pause", """
                {"reason": "month end"}""").status())
                .isEqualTo(202);

        Answer detached = operator.post("/api/v1/jobs/ledger-close/detach", "");

        assertThat(detached.status()).isEqualTo(200);
        assertThat(detached.json().has("managedBy")).isFalse();
        assertThat(actors("JOB_DETACH", "ledger-close")).containsExactly("otto");
        assertThat(operator.put("/api/v1/jobs/ledger-close", changed).status()).isEqualTo(200);
        assertThat(operator.post("/api/v1/jobs/ledger-close/detach", "").status())
                .isEqualTo(409);

        publish(
                "ledger",
                "2",
                List.of(
                        job("ledger", "ledger-close", Schedule.cron("0 0 2 * * ?", null)),
                        job("ledger", "ledger-open", Schedule.cron("0 0 8 * * ?", null))));
        awaitJob("ledger-open", job -> job.has("managedBy"));
        JsonNode close = admin.get("/api/v1/jobs/ledger-close").json();
        assertThat(close.has("managedBy"))
                .as("a detached job stays the console's")
                .isFalse();
        assertThat(close.get("schedule").get("type").asString()).isEqualTo("NONE");
    }

    @Test
    void anAppsOwnOrphanPolicyDeletesAJobItNoLongerDeclares() {
        publish(
                "scratch",
                "1.0",
                List.of(job("scratch", "scratch-a", Schedule.none()), job("scratch", "scratch-b", Schedule.none())));
        awaitJob("scratch-b", job -> job.has("managedBy"));

        publish("scratch", "1.1", List.of(job("scratch", "scratch-a", Schedule.none())));

        await().atMost(DEADLINE).until(() -> admin.get("/api/v1/jobs/scratch-b").status() == 404);
        assertThat(actors("JOB_DELETE", "scratch-b")).containsExactly("app scratch");
        assertThat(admin.get("/api/v1/jobs/scratch-a")
                        .json()
                        .get("managedBy")
                        .get("version")
                        .asString())
                .isEqualTo("1.1");
    }

    private static JobDefinition job(String app, String id, Schedule schedule) {
        return JobDefinition.builder(id)
                .app(app)
                .handler("work")
                .schedule(schedule)
                .build();
    }

    private static void startAndStopWorker(String app, String version, List<JobDefinition> jobs) {
        environment.declareAndStop(app, version, List.of("work"), jobs, List.of());
    }

    private void publish(String app, String version, List<JobDefinition> jobs) {
        AppDeclarations declarations = new AppDeclarations(
                AppDeclarations.SCHEMA_VERSION,
                app,
                version,
                app + "-" + version,
                NOW,
                jobs,
                List.of(),
                List.of(),
                List.of());
        producer.send(new ProducerRecord<>(
                environment.catalog.declarations(), app, EventSerdes.DECLARATIONS.serialize(null, declarations)));
        producer.flush();
    }

    private JsonNode awaitJob(String id, java.util.function.Predicate<JsonNode> condition) {
        return await().atMost(DEADLINE)
                .until(
                        () -> {
                            Answer answer = admin.get("/api/v1/jobs/" + id);
                            return answer.status() == 200 ? answer.json() : null;
                        },
                        job -> job != null && condition.test(job));
    }

    /** Waits until the console's declarations group has committed every record of the topic. */
    private static void awaitDeclarationsRead() {
        String topic = environment.catalog.declarations();
        try (Admin kafka =
                Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, TestKafka.bootstrapServers()))) {
            await().atMost(DEADLINE).until(() -> {
                Map<TopicPartition, OffsetAndMetadata> committed = kafka.listConsumerGroupOffsets(
                                environment.catalog.prefix() + "console-declarations")
                        .partitionsToOffsetAndMetadata()
                        .get();
                Map<TopicPartition, OffsetSpec> latest = new java.util.HashMap<>();
                for (int partition = 0; partition < ConsoleTestEnvironment.PARTITIONS; partition++) {
                    latest.put(new TopicPartition(topic, partition), OffsetSpec.latest());
                }
                return kafka.listOffsets(latest).all().get().entrySet().stream()
                        .allMatch(end -> end.getValue().offset() == 0
                                || committed.containsKey(end.getKey())
                                        && committed.get(end.getKey()).offset()
                                                >= end.getValue().offset());
            });
        }
    }

    private List<String> actors(String action, String target) {
        return jdbc.sql("SELECT actor FROM audit_log WHERE action = :action AND target = :target ORDER BY id")
                .param("action", action)
                .param("target", target)
                .query(String.class)
                .list();
    }
}
