package io.carillon.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.carillon.console.ApiClient.Answer;
import io.carillon.console.internal.dashboard.StatsPruner;
import io.carillon.testkit.SettableClock;
import io.carillon.testkit.TopicReader;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.events.DeadLetter;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.Percentiles;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStats;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.StatsWindow;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
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
 * The dashboard on the real broker and PostgreSQL: stats records produced to {@code stats} (some twice, as a replay
 * would) show up in {@code GET /api/v1/dashboard}, a VIEWER of one app sees only that app, an app without stats is
 * read from the runs table, bad records go to the dlq, windows past their retention are pruned, and bad query
 * parameters are refused naming the parameter.
 */
@ExtendWith(ConsoleTestEnvironment.DropDatabase.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@DirtiesContext
class DashboardIT {

    private static final ConsoleTestEnvironment environment = new ConsoleTestEnvironment();
    private static final Instant NOW = Instant.parse("2026-05-01T12:00:30Z");
    private static final SettableClock CLOCK = new SettableClock(NOW);
    private static final Duration DEADLINE = Duration.ofSeconds(30);
    private static final String PASSWORD = "a-long-enough-password";
    private static final Instant MINUTE = Instant.parse("2026-05-01T11:58:00Z");

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        environment.register(registry);
    }

    @TestConfiguration
    static class FixedClock {
        @Bean
        Clock carillonClock() {
            return CLOCK;
        }
    }

    @LocalServerPort
    int port;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    StatsPruner pruner;

    ApiClient admin;
    Producer<String, byte[]> producer;

    @BeforeEach
    void clients() {
        admin = new ApiClient(port);
        producer = ConsoleTestEnvironment.producer();
    }

    @AfterEach
    void closeProducer() {
        producer.close();
    }

    @Test
    void statsShowUpForTheAppsTheCallerReads() {
        createUser("vera", "VIEWER", "billing");
        assertThat(admin.post("/api/v1/jobs", """
                {"id": "invoice", "app": "billing", "handler": "echo", "schedule": {"type": "CRON",
                 "cron": "0 0 * * * ?"}}""").status()).isEqualTo(201);
        for (int replay = 0; replay < 2; replay++) {
            send(StatsRecords.app(
                    "billing",
                    StatsWindow.MINUTE,
                    MINUTE,
                    Map.of(RunStatus.SUCCEEDED, 5L, RunStatus.FAILED, 1L),
                    new Percentiles(6, 10, 20, 40, 50)));
            send(StatsRecords.app(
                    "reports",
                    StatsWindow.MINUTE,
                    MINUTE,
                    Map.of(RunStatus.SUCCEEDED, 7L),
                    new Percentiles(7, 3, 5, 9, 9)));
            send(StatsRecords.job(
                    "invoice",
                    "billing",
                    StatsWindow.MINUTE,
                    MINUTE,
                    Map.of(RunStatus.SUCCEEDED, 2L, RunStatus.FAILED, 1L)));
            send(StatsRecords.app(
                    "billing",
                    StatsWindow.HOUR,
                    Instant.parse("2026-04-30T10:00:00Z"),
                    Map.of(RunStatus.SUCCEEDED, 50L),
                    null));
        }
        await().atMost(DEADLINE).until(() -> rowsOf("billing") == 3 && rowsOf("reports") == 1);

        JsonNode all = admin.get("/api/v1/dashboard?range=1h&days=7").json();
        assertThat(all.get("perMinute").get("source").asString()).isEqualTo("STATS");
        JsonNode bucket = all.get("perMinute").get("buckets").get(0);
        assertThat(Instant.parse(bucket.get("start").asString())).isEqualTo(MINUTE);
        assertThat(bucket.get("byStatus").get("SUCCEEDED").asLong()).isEqualTo(12);
        assertThat(bucket.get("byStatus").get("FAILED").asLong()).isEqualTo(1);
        assertThat(bucket.get("latenessP50Ms").asLong()).isEqualTo((6 * 10 + 7 * 3) / 13);
        assertThat(all.get("perDay").get("source").asString()).isEqualTo("STATS");
        JsonNode day = all.get("perDay").get("buckets").get(0);
        assertThat(Instant.parse(day.get("start").asString())).isEqualTo(Instant.parse("2026-04-30T00:00:00Z"));
        assertThat(day.get("byStatus").get("SUCCEEDED").asLong()).isEqualTo(50);
        JsonNode failing = all.get("topFailingJobs").get("jobs").get(0);
        assertThat(failing.get("jobId").asString()).isEqualTo("invoice");
        assertThat(failing.get("failures").asLong()).isEqualTo(1);
        assertThat(failing.get("runs").asLong()).isEqualTo(3);
        assertThat(all.get("lateness").get("count").asLong()).isEqualTo(13);
        assertThat(all.get("totals").get("jobs").asLong()).isEqualTo(1);
        assertThat(all.get("totals").get("enabledJobs").asLong()).isEqualTo(1);

        JsonNode billingOnly =
                admin.as("vera", PASSWORD).get("/api/v1/dashboard?range=1h").json();
        JsonNode seen = billingOnly.get("perMinute").get("buckets").get(0).get("byStatus");
        assertThat(seen.get("SUCCEEDED").asLong()).isEqualTo(5);
        assertThat(seen.get("FAILED").asLong()).isEqualTo(1);
        assertThat(billingOnly.get("lateness").get("p99Ms").asLong()).isEqualTo(40);
        assertThat(billingOnly.get("totals").get("apps").asInt()).isEqualTo(1);
    }

    @Test
    void anAppWithoutStatsIsReadFromTheRunsTable() {
        createUser("lena", "VIEWER", "legacy");
        Instant scheduled = Instant.parse("2026-05-01T11:30:00Z");
        send(environment.catalog.results(), "old-job", result("old-job@1#0", scheduled, RunStatus.SUCCEEDED, 40));
        send(environment.catalog.results(), "old-job", result("old-job@2#0", scheduled, RunStatus.FAILED, 60));
        send(environment.catalog.results(), "old-job", result("old-job@3#0", scheduled, RunStatus.STARTED, 80));
        ApiClient lena = admin.as("lena", PASSWORD);
        await().atMost(DEADLINE)
                .untilAsserted(
                        () -> assertThat(lena.get("/api/v1/dashboard").json().get("running"))
                                .hasSize(1));

        JsonNode dashboard = lena.get("/api/v1/dashboard").json();
        assertThat(dashboard.get("perMinute").get("source").asString()).isEqualTo("RUNS");
        JsonNode bucket = dashboard.get("perMinute").get("buckets").get(0);
        assertThat(Instant.parse(bucket.get("start").asString())).isEqualTo(scheduled);
        assertThat(bucket.get("byStatus").get("SUCCEEDED").asLong()).isEqualTo(1);
        assertThat(bucket.get("byStatus").get("FAILED").asLong()).isEqualTo(1);
        assertThat(bucket.get("byStatus").has("STARTED")).isFalse();
        assertThat(dashboard.get("lateness").get("source").asString()).isEqualTo("RUNS");
        assertThat(dashboard.get("lateness").get("p99Ms").asLong()).isEqualTo(60);
        assertThat(dashboard
                        .get("topFailingJobs")
                        .get("jobs")
                        .get(0)
                        .get("jobId")
                        .asString())
                .isEqualTo("old-job");
        assertThat(dashboard.get("running").get(0).get("runId").asString()).isEqualTo("old-job@3#0");
    }

    @Test
    void windowsPastTheirRetentionArePruned() {
        send(StatsRecords.app(
                "aging", StatsWindow.MINUTE, NOW.minus(Duration.ofDays(3)), Map.of(RunStatus.SUCCEEDED, 1L), null));
        send(StatsRecords.app(
                "aging", StatsWindow.MINUTE, NOW.minus(Duration.ofDays(1)), Map.of(RunStatus.SUCCEEDED, 1L), null));
        send(StatsRecords.app(
                "aging", StatsWindow.HOUR, NOW.minus(Duration.ofDays(61)), Map.of(RunStatus.SUCCEEDED, 1L), null));
        send(StatsRecords.app(
                "aging", StatsWindow.HOUR, NOW.minus(Duration.ofDays(59)), Map.of(RunStatus.SUCCEEDED, 1L), null));
        await().atMost(DEADLINE).until(() -> rowsOf("aging") == 4);

        assertThat(pruner.prune()).isEqualTo(2);
        assertThat(rowsOf("aging")).isEqualTo(2);
        CLOCK.advance(Duration.ofDays(2));
        try {
            assertThat(pruner.prune()).isEqualTo(2);
        } finally {
            CLOCK.set(NOW);
        }
    }

    @Test
    void badRecordsGoToTheDlq() {
        RunStats noStart = StatsRecords.app("nowhere", StatsWindow.MINUTE, MINUTE, Map.of(), null);
        send(new RunStats(
                noStart.schemaVersion(),
                noStart.scope(),
                null,
                "nowhere",
                noStart.window(),
                null,
                noStart.windowEnd(),
                0,
                Map.of(),
                Map.of(),
                0,
                0,
                null,
                null,
                noStart.emittedAt()));
        try (TopicReader<DeadLetter> dlq =
                new TopicReader<>(environment.catalog.dlq(), EventSerdes.DEAD_LETTER.deserializer())) {
            await().atMost(DEADLINE)
                    .untilAsserted(() -> assertThat(dlq.values()).hasSize(1));
            assertThat(dlq.values().get(0).reason())
                    .contains("not a valid RunStats")
                    .contains("windowStart");
        }
    }

    @Test
    void badParametersAreRefusedNamingThem() {
        for (String query : new String[] {"range=3x", "range=3d", "range=90s", "range=0m"}) {
            Answer refused = admin.get("/api/v1/dashboard?" + query);
            assertThat(refused.status()).as(query).isEqualTo(400);
            assertThat(refused.errorFields()).containsExactly("range");
        }
        Answer refused = admin.get("/api/v1/dashboard?days=61");
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.errorFields()).containsExactly("days");
        assertThat(admin.anonymous().get("/api/v1/dashboard").status()).isEqualTo(401);
        assertThat(admin.get("/v3/api-docs")
                        .json()
                        .at("/paths/~1api~1v1~1dashboard/get/parameters")
                        .valueStream()
                        .map(parameter -> parameter.get("name").asString()))
                .containsExactlyInAnyOrder("range", "days");
    }

    private void createUser(String name, String role, String app) {
        assertThat(admin.post("/api/v1/users", """
                {"name": "%s", "password": "%s", "grants": [{"role": "%s", "app": "%s"}]}""".formatted(name, PASSWORD, role, app))
                        .status())
                .isEqualTo(201);
    }

    private void send(RunStats stats) {
        try {
            producer.send(StatsRecords.record(environment.catalog.stats(), stats))
                    .get();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private void send(String topic, String key, byte[] value) {
        try {
            producer.send(new ProducerRecord<>(topic, key, value)).get();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private byte[] result(String runId, Instant scheduled, RunStatus status, long latenessMs) {
        Instant started = scheduled.plusMillis(latenessMs);
        RunResult result = new RunResult(
                RunResult.SCHEMA_VERSION,
                runId,
                runId.substring(0, runId.indexOf('#')),
                "old-job",
                "legacy",
                "echo",
                "legacy-1",
                status,
                FireKind.SCHEDULED,
                1,
                0,
                1,
                scheduled,
                started,
                status.isTerminal() ? started.plusSeconds(1) : null,
                null,
                null,
                null,
                started,
                null,
                null);
        return EventSerdes.RESULT.serialize(environment.catalog.results(), result);
    }

    private long rowsOf(String app) {
        return jdbc.sql("SELECT count(*) FROM run_stats WHERE app = :app")
                .param("app", app)
                .query(Long.class)
                .single();
    }
}
