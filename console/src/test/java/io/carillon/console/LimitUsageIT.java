package io.carillon.console;

import static io.carillon.console.LimitResults.runId;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.carillon.console.ApiClient.Answer;
import io.carillon.topics.events.RunResult;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.apache.kafka.clients.producer.Producer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * The holders and queues of concurrency limits ({@code GET /api/v1/limits:usage}, {@code /api/v1/limits/{id}/usage})
 * from results materialized on the real broker and PostgreSQL: counts over every app, lists of the runs the caller
 * may read (holders by start, the queue in the order the runs asked), bounded by {@code size}; a run that ends leaves
 * them; a limit no one defined but runs name is shown as not defined.
 */
@ExtendWith(ConsoleTestEnvironment.DropDatabase.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@DirtiesContext
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LimitUsageIT {

    private static final ConsoleTestEnvironment environment = new ConsoleTestEnvironment();
    private static final Duration DEADLINE = Duration.ofSeconds(30);
    private static final Instant SCHEDULED = Instant.parse("2026-05-01T12:00:00Z");
    private static final String PASSWORD = "a-long-enough-password";

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        environment.register(registry);
    }

    @LocalServerPort
    int port;

    ApiClient admin;
    ApiClient viewer;

    @BeforeAll
    void seed() {
        admin = new ApiClient(port);
        admin.post("/api/v1/users", """
                {"name": "vera", "password": "%s", "grants": [{"role": "VIEWER", "app": "etl"}]}""".formatted(PASSWORD));
        viewer = admin.as("vera", PASSWORD);
        assertThat(admin.put("/api/v1/limits/warehouse-db", """
                        {"max": 2, "description": "the warehouse takes two imports at once"}""").status()).isEqualTo(200);
        assertThat(admin.put("/api/v1/limits/idle", "{\"max\": 3}").status()).isEqualTo(200);
        send(
                LimitResults.started("import-a", "etl", at(0), "warehouse-db", "worker-1", at(1)),
                LimitResults.started("import-b", "crm", at(0), "warehouse-db", "worker-2", at(2)),
                LimitResults.waiting("import-c", "etl", at(3), "warehouse-db", at(5)),
                LimitResults.waiting("import-d", "etl", at(2), "warehouse-db", at(4)),
                LimitResults.waiting("import-e", "crm", at(1), "warehouse-db", at(6)),
                LimitResults.started("import-f", "etl", at(0), "undefined-limit", "worker-1", at(1)),
                LimitResults.started("import-g", "etl", at(0), "warehouse-db", "worker-1", at(1)),
                LimitResults.succeeded("import-g", "etl", at(0), "warehouse-db", "worker-1", at(3)));
        await().atMost(DEADLINE)
                .untilAsserted(() -> assertThat(
                                admin.get("/api/v1/runs?size=20").json().get("items"))
                        .hasSize(7));
    }

    @Test
    void countsTheHoldersAndTheQueueAndListsTheQueueInTheOrderTheRunsAsked() {
        JsonNode usage = admin.get("/api/v1/limits/warehouse-db/usage").json();

        assertThat(usage.get("max").asInt()).isEqualTo(2);
        assertThat(usage.get("description").asString()).isEqualTo("the warehouse takes two imports at once");
        assertThat(usage.get("defined").asBoolean()).isTrue();
        assertThat(usage.get("held").asLong()).isEqualTo(2);
        assertThat(usage.get("waiting").asLong()).isEqualTo(3);
        assertThat(jobs(usage.get("holders"))).containsExactly("import-a", "import-b");
        assertThat(jobs(usage.get("queue"))).containsExactly("import-d", "import-c", "import-e");
        JsonNode holder = usage.get("holders").get(0);
        assertThat(holder.get("runId").asString()).isEqualTo(runId("import-a", at(0)));
        assertThat(holder.get("instance").asString()).isEqualTo("worker-1");
        assertThat(holder.get("status").asString()).isEqualTo("STARTED");
        assertThat(holder.get("since").asString()).isEqualTo("2026-05-01T12:00:01Z");
        JsonNode first = usage.get("queue").get(0);
        assertThat(first.get("status").asString()).isEqualTo("WAITING");
        assertThat(first.get("since").asString()).isEqualTo("2026-05-01T12:00:04Z");
        assertThat(first.get("scheduledAt").asString()).isEqualTo("2026-05-01T12:00:02Z");
    }

    @Test
    void answersEveryLimitDefinedOrNamedByAnOpenRunById() {
        JsonNode all = admin.get("/api/v1/limits:usage").json();

        assertThat(all.valueStream().map(each -> each.get("id").asString()))
                .containsExactly("idle", "undefined-limit", "warehouse-db");
        JsonNode idle = all.get(0);
        assertThat(idle.get("held").asLong()).isZero();
        assertThat(idle.get("holders")).isEmpty();
        JsonNode undefined = all.get(1);
        assertThat(undefined.get("defined").asBoolean()).isFalse();
        assertThat(undefined.get("max").isNull()).isTrue();
        assertThat(jobs(undefined.get("holders"))).containsExactly("import-f");
        assertThat(all.get(2))
                .isEqualTo(admin.get("/api/v1/limits/warehouse-db/usage").json());
    }

    @Test
    void listsOnlyTheRunsTheCallerMayReadButCountsEveryApp() {
        JsonNode usage = viewer.get("/api/v1/limits/warehouse-db/usage").json();

        assertThat(usage.get("held").asLong()).isEqualTo(2);
        assertThat(usage.get("waiting").asLong()).isEqualTo(3);
        assertThat(jobs(usage.get("holders"))).containsExactly("import-a");
        assertThat(jobs(usage.get("queue"))).containsExactly("import-d", "import-c");
    }

    @Test
    void boundsEachListBySizeAndRefusesABadSizeOrAnUnknownLimit() {
        JsonNode usage = admin.get("/api/v1/limits/warehouse-db/usage?size=1").json();
        assertThat(jobs(usage.get("holders"))).containsExactly("import-a");
        assertThat(jobs(usage.get("queue"))).containsExactly("import-d");
        assertThat(usage.get("waiting").asLong()).isEqualTo(3);

        Answer tooMany = admin.get("/api/v1/limits:usage?size=51");
        assertThat(tooMany.status()).isEqualTo(400);
        assertThat(tooMany.errorFields()).containsExactly("size");
        assertThat(admin.get("/api/v1/limits/warehouse-db/usage?size=0").errorFields())
                .containsExactly("size");
        assertThat(admin.get("/api/v1/limits/nowhere/usage").status()).isEqualTo(404);
        assertThat(admin.anonymous().get("/api/v1/limits:usage").status()).isEqualTo(401);
    }

    private static List<String> jobs(JsonNode runs) {
        return runs.valueStream().map(run -> run.get("jobId").asString()).toList();
    }

    private static Instant at(int seconds) {
        return SCHEDULED.plusSeconds(seconds);
    }

    private static void send(RunResult... results) {
        try (Producer<String, byte[]> producer = ConsoleTestEnvironment.producer()) {
            for (RunResult result : results) {
                producer.send(LimitResults.record(environment.catalog.results(), result));
            }
            producer.flush();
        }
    }
}
