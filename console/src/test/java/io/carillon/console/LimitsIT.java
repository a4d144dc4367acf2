package io.carillon.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.carillon.console.ApiClient.Answer;
import io.carillon.testkit.SettableClock;
import io.carillon.testkit.TopicReader;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.events.ConcurrencyLimit;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
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
 * Concurrency limits on the real console, PostgreSQL and broker: created and replaced by ADMINs, stored, audited and
 * published to the limits topic; 400s naming the field; a delete refused with 409 naming the jobs that take the
 * limit, else a tombstone; a job keeps its concurrency through the REST API.
 */
@ExtendWith(ConsoleTestEnvironment.DropDatabase.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@DirtiesContext
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LimitsIT {

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
    TopicReader<ConcurrencyLimit> topic;

    @BeforeAll
    void usersAndReader() {
        admin = new ApiClient(port);
        admin.post("/api/v1/users", """
                {"name": "otto", "password": "%s", "grants": [{"role": "OPERATOR", "app": "*"}]}""".formatted(PASSWORD));
        operator = admin.as("otto", PASSWORD);
        topic = new TopicReader<>(environment.catalog.limits(), EventSerdes.LIMIT.deserializer());
    }

    @AfterAll
    void closeReader() {
        topic.close();
    }

    @Test
    void anAdminSavesALimitWhichIsStoredAuditedAndPublished() {
        Answer saved = admin.put("/api/v1/limits/warehouse-db", """
                {"max": 4, "description": "the warehouse takes four imports at once"}""");

        assertThat(saved.status()).as(saved.body()).isEqualTo(200);
        JsonNode view = admin.get("/api/v1/limits/warehouse-db").json();
        assertThat(view.get("limit").get("max").asInt()).isEqualTo(4);
        assertThat(view.get("updatedBy").asString()).isEqualTo("admin");
        assertThat(admin.get("/api/v1/limits")
                        .json()
                        .get(0)
                        .get("limit")
                        .get("id")
                        .asString())
                .isEqualTo("warehouse-db");
        awaitLatest(
                "warehouse-db",
                ConcurrencyLimit.of("warehouse-db", 4).withDescription("the warehouse takes four imports at once"));
        assertThat(jdbc.sql("SELECT count(*) FROM audit_log WHERE action = 'LIMIT_SAVE' AND target = 'warehouse-db'")
                        .query(Long.class)
                        .single())
                .isEqualTo(1);
        assertThat(operator.put("/api/v1/limits/warehouse-db", "{\"max\": 9}").status())
                .isEqualTo(403);
        assertThat(operator.get("/api/v1/limits/warehouse-db").status()).isEqualTo(200);
        assertThat(admin.get("/api/v1/limits/nope").status()).isEqualTo(404);
    }

    @Test
    void refusesABadLimitNamingEachFieldAndChangesNothing() {
        Answer refused = admin.put("/api/v1/limits/bad", "{\"max\": 0}");

        assertThat(refused.status()).as(refused.body()).isEqualTo(400);
        assertThat(refused.errorFields()).containsExactly("max");
        Answer otherId = admin.put("/api/v1/limits/bad", "{\"id\": \"other\", \"max\": 2}");
        assertThat(otherId.status()).isEqualTo(400);
        assertThat(otherId.errorFields()).containsExactly("id");
        assertThat(jdbc.sql("SELECT count(*) FROM concurrency_limits WHERE id IN ('bad', 'other')")
                        .query(Long.class)
                        .single())
                .isZero();
    }

    @Test
    void aLimitJobsTakeIsNotDeletedAndTheAnswerNamesThem() {
        assertThat(admin.put("/api/v1/limits/imports", "{\"max\": 2}").status()).isEqualTo(200);
        Answer created = admin.post("/api/v1/jobs", """
                {"id": "import-eu", "app": "demo", "handler": "echo", "schedule": {"type": "NONE"},
                 "concurrency": {"limit": "imports", "whenBusy": "WAIT"}}""");
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        assertThat(admin.get("/api/v1/jobs/import-eu").body()).contains("\"limit\":\"imports\"");

        Answer refused = admin.delete("/api/v1/limits/imports");
        assertThat(refused.status()).isEqualTo(409);
        assertThat(refused.body()).contains("import-eu");

        assertThat(admin.delete("/api/v1/jobs/import-eu").status()).isBetween(200, 204);
        assertThat(admin.delete("/api/v1/limits/imports").status()).isEqualTo(204);
        awaitLatest("imports", null);
        assertThat(admin.get("/api/v1/limits/imports").status()).isEqualTo(404);
    }

    private void awaitLatest(String key, ConcurrencyLimit expected) {
        await().atMost(DEADLINE).untilAsserted(() -> {
            List<ConsumerRecord<String, ConcurrencyLimit>> records = topic.poll().stream()
                    .filter(record -> key.equals(record.key()))
                    .toList();
            assertThat(records).isNotEmpty();
            assertThat(records.get(records.size() - 1).value()).isEqualTo(expected);
        });
    }
}
