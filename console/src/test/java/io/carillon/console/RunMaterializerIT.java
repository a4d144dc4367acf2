package io.carillon.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.carillon.testkit.TopicReader;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.events.ClaimBatch;
import io.carillon.topics.events.DeadLetter;
import io.carillon.topics.events.FireIds;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.Progress;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

/** The results topic materialized into runs, read back through the API. */
@ExtendWith(ConsoleTestEnvironment.DropDatabase.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@DirtiesContext
class RunMaterializerIT {

    private static final ConsoleTestEnvironment environment = new ConsoleTestEnvironment();
    private static final Duration DEADLINE = Duration.ofSeconds(30);
    private static final Instant SCHEDULED = Instant.parse("2026-05-01T12:00:00Z");

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        environment.register(registry);
    }

    @LocalServerPort
    int port;

    ApiClient api;
    Producer<String, byte[]> producer;

    @BeforeEach
    void clients() {
        api = new ApiClient(port);
        producer = ConsoleTestEnvironment.producer();
    }

    @AfterEach
    void closeProducer() {
        producer.close();
    }

    @Test
    void keepsOneRowPerRunThatOnlyMovesForward() {
        api.post("/api/v1/jobs", """
                {"id": "nightly", "app": "demo", "handler": "echo", "schedule": {"type": "FIXED_RATE", "intervalMs": 1000}}""");
        String fireId = FireIds.scheduled("nightly", SCHEDULED);
        RunResult started = result("nightly", fireId, RunStatus.STARTED, null, null);
        RunResult succeeded = result("nightly", fireId, RunStatus.SUCCEEDED, SCHEDULED.plusMillis(2000), "done");
        send(started);
        send(succeeded);
        await().atMost(DEADLINE)
                .untilAsserted(() -> assertThat(runsOf("nightly"))
                        .singleElement()
                        .satisfies(
                                run -> assertThat(run.get("status").asString()).isEqualTo("SUCCEEDED")));
        JsonNode materialized = runsOf("nightly").get(0);

        send(started);
        send(succeeded);
        send(result("nightly", fireId, RunStatus.STARTED, null, "late duplicate"));
        String markerFire = FireIds.scheduled("nightly", SCHEDULED.plusSeconds(1));
        send(result("nightly", markerFire, RunStatus.STARTED, null, null));
        await().atMost(DEADLINE)
                .untilAsserted(() -> assertThat(runsOf("nightly")).hasSize(2));

        JsonNode run = runsOf("nightly").get(1);
        assertThat(run).isEqualTo(materialized);
        assertThat(run.get("runId").asString()).isEqualTo(FireIds.runId(fireId, 0));
        assertThat(run.get("fireId").asString()).isEqualTo(fireId);
        assertThat(run.get("status").asString()).isEqualTo("SUCCEEDED");
        assertThat(run.get("message").asString()).isEqualTo("done");
        assertThat(run.get("instance").asString()).isEqualTo("worker-1");
        assertThat(run.get("kind").asString()).isEqualTo("SCHEDULED");
        assertThat(run.get("attempt").asInt()).isEqualTo(1);
        assertThat(run.get("scheduledAt").asString()).isEqualTo("2026-05-01T12:00:00Z");
        assertThat(run.get("startedAt").asString()).isEqualTo("2026-05-01T12:00:00.042Z");
        assertThat(run.get("finishedAt").asString()).isEqualTo("2026-05-01T12:00:02Z");
        assertThat(run.get("latenessMs").asLong()).isEqualTo(42);
        assertThat(runsOf("nightly").get(0).get("fireId").asString()).isEqualTo(markerFire);

        JsonNode overview = api.get("/api/v1/overview").json();
        JsonNode line = overview.valueStream()
                .filter(each -> each.at("/job/id").asString().equals("nightly"))
                .findFirst()
                .orElseThrow();
        assertThat(line.at("/latestRun/fireId").asString()).isEqualTo(markerFire);
    }

    @Test
    void followsProgressUntilTheRunEnds() {
        String fireId = FireIds.scheduled("long-haul", SCHEDULED);
        RunResult started = result("long-haul", fireId, RunStatus.STARTED, null, null);
        send(started);
        send(withProgress(started, 3, "copying"));
        await().atMost(DEADLINE)
                .untilAsserted(() -> assertThat(runsOf("long-haul"))
                        .singleElement()
                        .satisfies(run ->
                                assertThat(run.get("progressDone").asLong()).isEqualTo(3)));

        send(withProgress(started, 7, "copying"));
        send(started);
        await().atMost(DEADLINE)
                .untilAsserted(() -> assertThat(runsOf("long-haul"))
                        .singleElement()
                        .satisfies(run -> {
                            assertThat(run.get("status").asString()).isEqualTo("PROGRESS");
                            assertThat(run.get("progressDone").asLong()).isEqualTo(7);
                            assertThat(run.get("progressTotal").asLong()).isEqualTo(10);
                            assertThat(run.get("message").asString()).isEqualTo("copying");
                        }));

        send(result("long-haul", fireId, RunStatus.FAILED, SCHEDULED.plusSeconds(5), "disk full"));
        await().atMost(DEADLINE)
                .untilAsserted(() -> assertThat(runsOf("long-haul"))
                        .singleElement()
                        .satisfies(run -> {
                            assertThat(run.get("status").asString()).isEqualTo("FAILED");
                            assertThat(run.get("message").asString()).isEqualTo("disk full");
                            assertThat(run.get("finishedAt").asString()).isEqualTo("2026-05-01T12:00:05Z");
                        }));
    }

    /**
     * The claims of a {@code claims} batch become STARTED rows; a claim read after its run's end (another topic, so
     * in any order with {@code results}) moves no row back.
     */
    @Test
    void theClaimsOfABatchReachTheRunsAndALateClaimMovesNoRunBack() {
        String first = FireIds.scheduled("claimed", SCHEDULED);
        String second = FireIds.scheduled("claimed", SCHEDULED.plusSeconds(1));
        sendClaims(claim("claimed", first, SCHEDULED), claim("claimed", second, SCHEDULED.plusSeconds(1)));
        await().atMost(DEADLINE)
                .untilAsserted(() -> assertThat(runsOf("claimed")).hasSize(2).allSatisfy(run -> {
                    assertThat(run.get("status").asString()).isEqualTo("STARTED");
                    assertThat(run.get("instance").asString()).isEqualTo("worker-1");
                }));

        send(result("claimed", first, RunStatus.SUCCEEDED, SCHEDULED.plusMillis(2000), "done"));
        await().atMost(DEADLINE)
                .untilAsserted(
                        () -> assertThat(runOf("claimed", first).get("status").asString())
                                .isEqualTo("SUCCEEDED"));
        String marker = FireIds.scheduled("claimed", SCHEDULED.plusSeconds(2));
        sendClaims(claim("claimed", first, SCHEDULED));
        sendClaims(claim("claimed", marker, SCHEDULED.plusSeconds(2)));
        await().atMost(DEADLINE)
                .untilAsserted(() -> assertThat(runsOf("claimed")).hasSize(3));

        JsonNode ended = runOf("claimed", first);
        assertThat(ended.get("status").asString()).isEqualTo("SUCCEEDED");
        assertThat(ended.get("message").asString()).isEqualTo("done");
        assertThat(ended.get("finishedAt").asString()).isEqualTo("2026-05-01T12:00:02Z");
    }

    /**
     * A worker leaves out the STARTED of a run whose terminal result was ready before the STARTED was handed to Kafka:
     * the terminal result alone makes the same row as STARTED followed by it.
     */
    @Test
    void aTerminalResultWithoutStartedMaterializesTheRunWithItsStart() {
        String alone = FireIds.scheduled("fast", SCHEDULED);
        String pair = FireIds.scheduled("fast", SCHEDULED.plusSeconds(1));
        send(result("fast", alone, RunStatus.SUCCEEDED, SCHEDULED.plusMillis(43), "done"));
        send(withScheduled(result("fast", pair, RunStatus.STARTED, null, null), SCHEDULED.plusSeconds(1)));
        send(withScheduled(
                result("fast", pair, RunStatus.SUCCEEDED, SCHEDULED.plusMillis(43), "done"), SCHEDULED.plusSeconds(1)));

        await().atMost(DEADLINE)
                .untilAsserted(() -> assertThat(runsOf("fast"))
                        .hasSize(2)
                        .allSatisfy(
                                run -> assertThat(run.get("status").asString()).isEqualTo("SUCCEEDED")));
        JsonNode fromPair = runsOf("fast").get(0);
        JsonNode fromTerminal = runsOf("fast").get(1);
        assertThat(fromTerminal.get("fireId").asString()).isEqualTo(alone);
        assertThat(fromTerminal.get("startedAt").asString()).isEqualTo("2026-05-01T12:00:00.042Z");
        assertThat(fromTerminal.get("finishedAt").asString()).isEqualTo("2026-05-01T12:00:00.043Z");
        assertThat(fromTerminal.get("latenessMs").asLong()).isEqualTo(42);
        assertThat(fromTerminal.get("instance").asString()).isEqualTo("worker-1");
        assertThat(fromTerminal.get("message").asString()).isEqualTo("done");
        for (String column : List.of("status", "message", "instance", "kind", "attempt", "startedAt", "finishedAt")) {
            assertThat(fromTerminal.get(column)).as(column).isEqualTo(fromPair.get(column));
        }
    }

    /**
     * A run of a concurrency limit: the limit its results name is kept from the first result on, and the time its
     * WAITING result was emitted is when it started waiting; a run that never waited has none.
     */
    @Test
    void keepsTheConcurrencyLimitOfARunAndWhenItStartedWaiting() {
        String waited = FireIds.scheduled("import", SCHEDULED);
        String granted = FireIds.scheduled("import", SCHEDULED.plusSeconds(1));
        Instant queued = SCHEDULED.plusMillis(5);
        RunResult waiting = limited(
                result("import", waited, RunStatus.WAITING, null, "waiting for concurrency limit 'warehouse-db'"),
                null,
                queued,
                "warehouse-db");
        send(waiting);
        await().atMost(DEADLINE)
                .untilAsserted(() -> assertThat(runsOf("import"))
                        .singleElement()
                        .satisfies(run -> {
                            assertThat(run.get("status").asString()).isEqualTo("WAITING");
                            assertThat(run.get("limit").asString()).isEqualTo("warehouse-db");
                            assertThat(run.get("waitingSince").asString()).isEqualTo("2026-05-01T12:00:00.005Z");
                            assertThat(run.get("instance").isNull()).isTrue();
                        }));

        send(limited(result("import", waited, RunStatus.STARTED, null, null), "worker-1", queued.plusSeconds(3), null));
        send(waiting);
        send(limited(
                withScheduled(result("import", granted, RunStatus.STARTED, null, null), SCHEDULED.plusSeconds(1)),
                "worker-1",
                queued,
                "warehouse-db"));
        await().atMost(DEADLINE)
                .untilAsserted(() -> assertThat(runsOf("import"))
                        .hasSize(2)
                        .allSatisfy(
                                run -> assertThat(run.get("status").asString()).isEqualTo("STARTED")));
        JsonNode grantedRun = runsOf("import").get(0);
        JsonNode waitedRun = runsOf("import").get(1);
        assertThat(waitedRun.get("limit").asString()).isEqualTo("warehouse-db");
        assertThat(waitedRun.get("waitingSince").asString()).isEqualTo("2026-05-01T12:00:00.005Z");
        assertThat(waitedRun.get("instance").asString()).isEqualTo("worker-1");
        assertThat(grantedRun.get("limit").asString()).isEqualTo("warehouse-db");
        assertThat(grantedRun.get("waitingSince").isNull()).isTrue();

        send(limited(
                result("import", waited, RunStatus.SUCCEEDED, SCHEDULED.plusSeconds(9), "done"),
                "worker-1",
                SCHEDULED.plusSeconds(9),
                "warehouse-db"));
        await().atMost(DEADLINE)
                .untilAsserted(
                        () -> assertThat(runsOf("import").get(1).get("status").asString())
                                .isEqualTo("SUCCEEDED"));
        assertThat(runsOf("import").get(1).get("limit").asString()).isEqualTo("warehouse-db");
        assertThat(api.get("/api/v1/runs/" + FireIds.runId(waited, 0).replace("#", "%23"))
                        .json()
                        .at("/run/limit")
                        .asString())
                .isEqualTo("warehouse-db");
    }

    @Test
    void deadLettersBadResultsAndGoesOn() {
        producer.send(new ProducerRecord<>(
                environment.catalog.results(), "broken", "not json".getBytes(StandardCharsets.UTF_8)));
        producer.send(new ProducerRecord<>(
                environment.catalog.results(),
                "broken",
                "{\"jobId\": \"broken\", \"status\": \"STARTED\"}".getBytes(StandardCharsets.UTF_8)));
        RunResult beyondTheDatabase = result(
                "broken",
                "broken@1",
                RunStatus.SUCCEEDED,
                Instant.parse("+300000-01-01T00:00:00Z"),
                "finished in a distant future");
        send(beyondTheDatabase);
        String fireId = FireIds.scheduled("survivor", SCHEDULED);
        send(result("survivor", fireId, RunStatus.SUCCEEDED, SCHEDULED.plusSeconds(1), "fine"));

        try (TopicReader<DeadLetter> dlq =
                new TopicReader<>(environment.catalog.dlq(), EventSerdes.DEAD_LETTER.deserializer())) {
            await().atMost(DEADLINE)
                    .untilAsserted(() -> assertThat(dlq.values()).hasSize(3));
            List<DeadLetter> letters = dlq.values();
            assertThat(letters).allSatisfy(letter -> {
                assertThat(letter.component()).isEqualTo("console");
                assertThat(letter.sourceTopic()).isEqualTo(environment.catalog.results());
                assertThat(letter.key()).isEqualTo("broken");
                assertThat(letter.at()).isNotNull();
            });
            assertThat(letters.get(0).value()).isEqualTo("not json");
            assertThat(letters.get(0).reason()).contains("not a valid RunResult");
            assertThat(letters.get(1).reason()).contains("'runId' is required");
            assertThat(letters.get(2).reason()).startsWith("the console database refused the result");
        }
        await().atMost(DEADLINE)
                .untilAsserted(() -> assertThat(runsOf("survivor"))
                        .singleElement()
                        .satisfies(
                                run -> assertThat(run.get("status").asString()).isEqualTo("SUCCEEDED")));
    }

    private List<JsonNode> runsOf(String jobId) {
        ApiClient.Answer answer = api.get("/api/v1/jobs/" + jobId + "/runs?limit=10");
        return answer.status() == 404 ? List.of() : answer.json().valueStream().toList();
    }

    private JsonNode runOf(String jobId, String fireId) {
        return runsOf(jobId).stream()
                .filter(run -> run.get("fireId").asString().equals(fireId))
                .findFirst()
                .orElseThrow();
    }

    /** Sends {@code claims} as one {@code claims} record, keyed by the first claim's job id. */
    private void sendClaims(RunResult... claims) {
        ClaimBatch batch = new ClaimBatch(List.of(claims), "worker-1", SCHEDULED);
        producer.send(new ProducerRecord<>(
                environment.catalog.claims(),
                claims[0].jobId(),
                EventSerdes.CLAIM_BATCH.serialize(environment.catalog.claims(), batch)));
        producer.flush();
    }

    /** The claim of worker-1 on the first run of {@code fireId}, scheduled at {@code scheduledAt}. */
    private static RunResult claim(String jobId, String fireId, Instant scheduledAt) {
        return new RunResult(
                RunResult.SCHEMA_VERSION,
                FireIds.runId(fireId, 0),
                fireId,
                jobId,
                "demo",
                "echo",
                "worker-1",
                RunStatus.STARTED,
                FireKind.SCHEDULED,
                1,
                0,
                1,
                scheduledAt,
                null,
                null,
                "claimed",
                null,
                null,
                scheduledAt);
    }

    private void send(RunResult result) {
        producer.send(new ProducerRecord<>(
                environment.catalog.results(),
                result.jobId(),
                EventSerdes.RESULT.serialize(environment.catalog.results(), result)));
        producer.flush();
    }

    /** {@code result} of a fire scheduled at {@code scheduledAt} (its start and end times kept). */
    private static RunResult withScheduled(RunResult result, Instant scheduledAt) {
        return new RunResult(
                RunResult.SCHEMA_VERSION,
                result.runId(),
                result.fireId(),
                result.jobId(),
                result.app(),
                result.handler(),
                result.instance(),
                result.status(),
                result.kind(),
                result.attempt(),
                result.shardIndex(),
                result.shardTotal(),
                scheduledAt,
                result.startedAt(),
                result.finishedAt(),
                result.message(),
                result.errorClass(),
                result.progress(),
                result.emittedAt());
    }

    /** {@code result} on {@code instance}, emitted at {@code emittedAt}, naming concurrency limit {@code limit}. */
    private static RunResult limited(RunResult result, String instance, Instant emittedAt, String limit) {
        return new RunResult(
                RunResult.SCHEMA_VERSION,
                result.runId(),
                result.fireId(),
                result.jobId(),
                result.app(),
                result.handler(),
                instance,
                result.status(),
                result.kind(),
                result.attempt(),
                result.shardIndex(),
                result.shardTotal(),
                result.scheduledAt(),
                result.status() == RunStatus.WAITING ? null : result.startedAt(),
                result.finishedAt(),
                result.message(),
                result.errorClass(),
                result.progress(),
                emittedAt,
                null,
                null,
                null,
                null,
                limit);
    }

    private static RunResult withProgress(RunResult started, long done, String message) {
        return new RunResult(
                RunResult.SCHEMA_VERSION,
                started.runId(),
                started.fireId(),
                started.jobId(),
                started.app(),
                started.handler(),
                started.instance(),
                RunStatus.PROGRESS,
                started.kind(),
                started.attempt(),
                started.shardIndex(),
                started.shardTotal(),
                started.scheduledAt(),
                started.startedAt(),
                null,
                null,
                null,
                new Progress(done, 10, message),
                started.emittedAt());
    }

    private static RunResult result(String jobId, String fireId, RunStatus status, Instant finishedAt, String message) {
        Instant startedAt = SCHEDULED.plusMillis(42);
        return new RunResult(
                RunResult.SCHEMA_VERSION,
                FireIds.runId(fireId, 0),
                fireId,
                jobId,
                "demo",
                "echo",
                "worker-1",
                status,
                FireKind.SCHEDULED,
                1,
                0,
                1,
                SCHEDULED,
                startedAt,
                finishedAt,
                message,
                null,
                null,
                startedAt);
    }
}
