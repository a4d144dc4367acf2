package io.carillon.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.awaitility.Awaitility.await;

import io.carillon.testkit.SettableClock;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.events.WorkerHeartbeat;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * GET /api/v1/workers and GET /api/v1/apps from heartbeats on the real broker's workers topic: live and stale
 * instances, tombstones, forgetting, the jobs no live worker can run, and grants. Time is moved with a SettableClock.
 */
@ExtendWith(ConsoleTestEnvironment.DropDatabase.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@DirtiesContext
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class WorkersIT {

    private static final ConsoleTestEnvironment environment = new ConsoleTestEnvironment();
    private static final SettableClock CLOCK = new SettableClock(Instant.parse("2026-05-01T12:00:00Z"));
    private static final Duration DEADLINE = Duration.ofSeconds(30);
    private static final long INTERVAL_MS = 1000;
    private static final String PASSWORD = "a-long-enough-password";

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        environment.register(registry);
    }

    @TestConfiguration
    static class MovableClock {
        @Bean
        Clock carillonClock() {
            return CLOCK;
        }
    }

    @LocalServerPort
    int port;

    ApiClient admin;
    ApiClient vera;
    Producer<String, byte[]> producer;

    @BeforeAll
    void usersAndProducer() {
        admin = new ApiClient(port);
        assertThat(admin.post("/api/v1/users", """
                {"name": "vera", "password": "%s", "grants": [{"role": "VIEWER", "app": "demo"}]}""".formatted(PASSWORD)).status())
                .isEqualTo(201);
        vera = admin.as("vera", PASSWORD);
        producer = ConsoleTestEnvironment.producer();
    }

    @AfterAll
    void closeProducer() {
        producer.close();
    }

    @Test
    void listsTheInstancesOfAnAppAndMarksThoseThatMissedTheirBeats() {
        beat(heartbeat("quiet-1", "listed", CLOCK.instant(), "echo", "report"));
        await().atMost(DEADLINE).until(() -> workers("listed").size() == 1);
        CLOCK.advance(Duration.ofSeconds(10));
        beat(new WorkerHeartbeat(
                WorkerHeartbeat.SCHEMA_VERSION,
                "live-1",
                "listed",
                List.of("echo"),
                4,
                1,
                List.of(0, 1),
                INTERVAL_MS,
                CLOCK.instant().minusSeconds(60),
                CLOCK.instant(),
                2,
                0,
                List.of("j1")));

        await().atMost(DEADLINE).until(() -> workers("listed").size() == 2);
        JsonNode live = workers("listed").get(0);

        assertThat(live.get("instanceId").asString()).isEqualTo("live-1");
        assertThat(live.get("handlers").toString()).isEqualTo("[\"echo\"]");
        assertThat(live.get("capacity").asInt()).isEqualTo(4);
        assertThat(live.get("running").asInt()).isEqualTo(1);
        assertThat(live.get("waiting").asInt()).isEqualTo(2);
        assertThat(live.get("partitions").toString()).isEqualTo("[0,1]");
        assertThat(live.get("busyJobs").toString()).isEqualTo("[\"j1\"]");
        assertThat(live.get("lastHeartbeat").asString())
                .isEqualTo(CLOCK.instant().toString());
        assertThat(live.get("stale").asBoolean()).isFalse();
        assertThat(workers("listed").get(1).get("stale").asBoolean()).isTrue();
    }

    @Test
    void dropsAnInstanceAtItsTombstoneAndForgetsOneLongStale() {
        beat(heartbeat("leaving-1", "coming-and-going", CLOCK.instant(), "echo"));
        beat(heartbeat("crashed-1", "coming-and-going", CLOCK.instant(), "echo"));
        await().atMost(DEADLINE).until(() -> workers("coming-and-going").size() == 2);

        producer.send(new ProducerRecord<>(environment.catalog.workers(), "leaving-1", null));
        producer.flush();
        await().atMost(DEADLINE).until(() -> workers("coming-and-going").size() == 1);
        CLOCK.advance(Duration.ofHours(2));

        assertThat(workers("coming-and-going")).isEmpty();
    }

    @Test
    void flagsTheEnabledJobsNoLiveWorkerCanRun() {
        job("""
                {"id": "served", "app": "flagged", "handler": "echo", "schedule": {"type": "NONE"}}""");
        job("""
                {"id": "only-stale", "app": "flagged", "handler": "report", "schedule": {"type": "NONE"}}""");
        job("""
                {"id": "pinned-away", "app": "flagged", "handler": "echo", "schedule": {"type": "NONE"},
                 "pinnedInstances": ["gone-1"]}""");
        job("""
                {"id": "switched-off", "app": "flagged", "handler": "missing", "schedule": {"type": "NONE"},
                 "enabled": false}""");
        job("""
                {"id": "lonely", "app": "workerless", "handler": "echo", "schedule": {"type": "NONE"}}""");
        beat(heartbeat("flag-stale", "flagged", CLOCK.instant(), "echo", "report"));
        await().atMost(DEADLINE).until(() -> workers("flagged").size() == 1);
        CLOCK.advance(Duration.ofSeconds(10));
        beat(heartbeat("flag-live", "flagged", CLOCK.instant(), "echo"));
        await().atMost(DEADLINE).until(() -> workers("flagged").size() == 2);

        JsonNode flagged = app(admin, "flagged");
        JsonNode workerless = app(admin, "workerless");

        assertThat(flagged.get("liveInstances").asInt()).isEqualTo(1);
        assertThat(flagged.get("staleInstances").asInt()).isEqualTo(1);
        assertThat(flagged.get("liveHandlers").toString()).isEqualTo("[\"echo\"]");
        assertThat(flagged.get("enabledJobs").asLong()).isEqualTo(3);
        assertThat(flagged.get("unservedJobs").asLong()).isEqualTo(2);
        assertThat(flagged.get("jobsWithoutWorker").toString())
                .isEqualTo("[{\"jobId\":\"only-stale\","
                        + "\"handler\":\"report\"},{\"jobId\":\"pinned-away\",\"handler\":\"echo\","
                        + "\"pinnedInstances\":[\"gone-1\"]}]");
        assertThat(workerless.get("liveInstances").asInt()).isZero();
        assertThat(workerless.get("unservedJobs").asLong()).isEqualTo(1);
    }

    @Test
    void judgesAnInstanceByWhenItsHeartbeatArrivedAndReportsHowFarItsClockIsOff() {
        beat(heartbeat("ahead-1", "skewed", CLOCK.instant().plusSeconds(20), "echo"));
        beat(heartbeat("behind-1", "skewed", CLOCK.instant().minusSeconds(20), "echo"));
        beat(heartbeat("in-step-1", "skewed", CLOCK.instant(), "echo"));
        await().atMost(DEADLINE).until(() -> workers("skewed").size() == 3);

        assertThat(workers("skewed"))
                .extracting(
                        worker -> worker.get("instanceId").asString(),
                        worker -> worker.get("stale").asBoolean(),
                        worker -> worker.get("clockOffsetMs").asLong(),
                        worker -> worker.get("clockInStep").asBoolean())
                .containsExactly(
                        tuple("ahead-1", false, 20_000L, false),
                        tuple("behind-1", false, -20_000L, false),
                        tuple("in-step-1", false, 0L, true));
    }

    @Test
    void answersOnlyTheAppsTheCallerMayRead() {
        job("""
                {"id": "seen", "app": "demo", "handler": "echo", "schedule": {"type": "NONE"}}""");
        job("""
                {"id": "hidden", "app": "billing", "handler": "echo", "schedule": {"type": "NONE"}}""");
        beat(heartbeat("demo-1", "demo", CLOCK.instant(), "echo"));
        beat(heartbeat("billing-1", "billing", CLOCK.instant(), "echo"));
        await().atMost(DEADLINE)
                .until(() -> workers("billing").size() == 1 && workers("demo").size() == 1);

        assertThat(vera.get("/api/v1/workers?app=billing").status()).isEqualTo(403);
        assertThat(vera.get("/api/v1/workers")
                        .json()
                        .valueStream()
                        .map(worker -> worker.get("app").asString()))
                .containsOnly("demo");
        assertThat(vera.get("/api/v1/apps")
                        .json()
                        .valueStream()
                        .map(app -> app.get("app").asString()))
                .containsExactly("demo");
        assertThat(admin.get("/api/v1/apps")
                        .json()
                        .valueStream()
                        .map(app -> app.get("app").asString()))
                .contains("demo", "billing");
    }

    private void job(String json) {
        assertThat(admin.post("/api/v1/jobs", json).status()).isEqualTo(201);
    }

    private void beat(WorkerHeartbeat heartbeat) {
        producer.send(new ProducerRecord<>(
                environment.catalog.workers(),
                heartbeat.instanceId(),
                EventSerdes.HEARTBEAT.serialize(environment.catalog.workers(), heartbeat)));
        producer.flush();
    }

    private static WorkerHeartbeat heartbeat(String instanceId, String app, Instant sentAt, String... handlers) {
        return new WorkerHeartbeat(
                WorkerHeartbeat.SCHEMA_VERSION,
                instanceId,
                app,
                List.of(handlers),
                2,
                0,
                List.of(0),
                INTERVAL_MS,
                sentAt.minusSeconds(60),
                sentAt);
    }

    private List<JsonNode> workers(String app) {
        return admin.get("/api/v1/workers?app=" + app).json().valueStream().toList();
    }

    private static JsonNode app(ApiClient client, String name) {
        return client.get("/api/v1/apps")
                .json()
                .valueStream()
                .filter(app -> app.get("app").asString().equals(name))
                .findFirst()
                .orElseThrow();
    }
}
