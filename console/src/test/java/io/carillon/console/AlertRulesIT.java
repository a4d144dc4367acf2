package io.carillon.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.carillon.console.ApiClient.Answer;
import io.carillon.testkit.SettableClock;
import io.carillon.testkit.TopicReader;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.events.Alerting;
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
 * The alerting defaults on the real console, PostgreSQL and broker: global (ADMIN) and per app (the app's
 * OPERATOR), each change stored, audited and published to the alert-rules topic; 400s naming the field, 403s by
 * grant.
 */
@ExtendWith(ConsoleTestEnvironment.DropDatabase.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@DirtiesContext
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class AlertRulesIT {

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
    ApiClient viewer;
    ApiClient operator;
    TopicReader<Alerting> topic;

    @BeforeAll
    void usersAndReader() {
        admin = new ApiClient(port);
        for (String[] user : new String[][] {{"vera", "VIEWER"}, {"otto", "OPERATOR"}}) {
            admin.post("/api/v1/users", """
                    {"name": "%s", "password": "%s", "grants": [{"role": "%s", "app": "demo"}]}""".formatted(user[0], PASSWORD, user[1]));
        }
        viewer = admin.as("vera", PASSWORD);
        operator = admin.as("otto", PASSWORD);
        topic = new TopicReader<>(environment.catalog.alertRules(), EventSerdes.ALERT_RULES.deserializer());
    }

    @AfterAll
    void closeReader() {
        topic.close();
    }

    @Test
    void anAdminSetsTheGlobalDefaultsWhichArePublishedAuditedAndShownWithTheEffectiveRules() {
        Answer replaced = admin.put("/api/v1/alert-rules", """
                {"overrun": true, "maxRuntimeMs": 600000, "failureRatePercent": 20}""");

        assertThat(replaced.status()).as(replaced.body()).isEqualTo(200);
        JsonNode view = admin.get("/api/v1/alert-rules").json();
        assertThat(view.get("scope").asString()).isEqualTo("*");
        assertThat(view.get("rules").get("maxRuntimeMs").asLong()).isEqualTo(600_000);
        assertThat(view.get("rules").has("failed")).isFalse();
        assertThat(view.get("effective").get("failed").asBoolean()).isTrue();
        assertThat(view.get("effective").get("overrun").asBoolean()).isTrue();
        assertThat(view.get("effective").get("slow").asBoolean()).isFalse();
        assertThat(view.get("updatedBy").asString()).isEqualTo("admin");
        assertThat(view.get("updatedAt").asString()).isEqualTo(NOW.toString());
        awaitLatest(
                "*",
                new Alerting(
                        null, null, null, null, null, null, null, true, 600_000L, null, null, null, 20, null, null));
        assertThat(audit("*")).last().asString().contains("\"maxRuntimeMs\"").contains("600000");

        assertThat(admin.put("/api/v1/alert-rules", "{}").status()).isEqualTo(200);
        awaitLatest("*", null);
        assertThat(admin.get("/api/v1/alert-rules")
                        .json()
                        .get("effective")
                        .get("overrun")
                        .asBoolean())
                .isFalse();
        assertThat(audit("*")).last().isEqualTo("");
        assertThat(operator.put("/api/v1/alert-rules", "{\"slow\": true}").status())
                .isEqualTo(403);
        assertThat(viewer.get("/api/v1/alert-rules").status()).isEqualTo(200);
        assertThat(admin.anonymous().get("/api/v1/alert-rules").status()).isEqualTo(401);
    }

    @Test
    void anAppsOperatorSetsItsDefaultsOverTheGlobalOnesAndOthersAreRefused() {
        admin.put("/api/v1/alert-rules", """
                {"slow": true, "slowFactor": 3.0}""");
        Answer replaced = operator.put("/api/v1/alert-rules/demo", """
                {"slowFactor": 1.5, "failureRate": true, "failureRateWindowMs": 900000}""");

        assertThat(replaced.status()).as(replaced.body()).isEqualTo(200);
        JsonNode effective = viewer.get("/api/v1/alert-rules/demo").json().get("effective");
        assertThat(effective.get("slow").asBoolean()).isTrue();
        assertThat(effective.get("slowFactor").asDouble()).isEqualTo(1.5);
        assertThat(effective.get("failureRateWindowMs").asLong()).isEqualTo(900_000);
        awaitLatest(
                "demo",
                new Alerting(
                        null, null, null, null, null, null, null, null, null, null, 1.5, true, null, 900_000L, null));
        assertThat(jdbc.sql("SELECT target_app FROM audit_log WHERE action = 'ALERT_RULES_UPDATE' AND target = 'demo'")
                        .query(String.class)
                        .list())
                .containsExactly("demo");

        assertThat(viewer.put("/api/v1/alert-rules/demo", "{\"slow\": false}").status())
                .isEqualTo(403);
        assertThat(operator.put("/api/v1/alert-rules/billing", "{\"slow\": false}")
                        .status())
                .isEqualTo(403);
        assertThat(operator.get("/api/v1/alert-rules/billing").status()).isEqualTo(403);
        assertThat(admin.put("/api/v1/alert-rules/billing", "{\"slow\": false}").status())
                .isEqualTo(200);
    }

    @Test
    void refusesRulesOutOfBoundsNamingEachFieldAndChangesNothing() {
        Answer refused = admin.put("/api/v1/alert-rules/demo", """
                {"maxRuntimeMs": 10, "slowFactor": 0.5, "failureRatePercent": 100, "failureRateWindowMs": 1000,
                 "failureRateMinRuns": 0, "consecutive": 0}""");

        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.errorFields())
                .containsExactlyInAnyOrder(
                        "maxRuntimeMs",
                        "slowFactor",
                        "failureRatePercent",
                        "failureRateWindowMs",
                        "failureRateMinRuns",
                        "consecutive");
        Answer unknown = admin.put("/api/v1/alert-rules", "{\"overrunn\": true}");
        assertThat(unknown.status()).isEqualTo(400);
        assertThat(unknown.errorFields()).containsExactly("overrunn");
        Answer badApp = admin.put("/api/v1/alert-rules/Not_An_App", "{}");
        assertThat(badApp.status()).isEqualTo(400);
        assertThat(badApp.errorFields()).containsExactly("app");
        assertThat(jdbc.sql("SELECT count(*) FROM alert_rules WHERE scope IN ('demo', 'Not_An_App')")
                        .query(Long.class)
                        .single())
                .isZero();
    }

    /** Waits until the newest record of {@code key} on the alert-rules topic holds {@code expected}. */
    private void awaitLatest(String key, Alerting expected) {
        await().atMost(DEADLINE).untilAsserted(() -> {
            List<ConsumerRecord<String, Alerting>> records = topic.poll().stream()
                    .filter(record -> key.equals(record.key()))
                    .toList();
            assertThat(records).isNotEmpty();
            assertThat(records.get(records.size() - 1).value()).isEqualTo(expected);
        });
    }

    private List<String> audit(String target) {
        return jdbc.sql("SELECT coalesce(after::text, '') FROM audit_log WHERE action = 'ALERT_RULES_UPDATE'"
                        + " AND target = :target ORDER BY id")
                .param("target", target)
                .query(String.class)
                .list();
    }
}
