package io.carillon.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.carillon.console.ApiClient.Answer;
import io.carillon.testkit.SettableClock;
import io.carillon.topics.events.Schedule;
import io.carillon.topics.events.WorkflowDefinition;
import io.carillon.topics.events.WorkflowEdge;
import io.carillon.topics.events.WorkflowNode;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.Predicate;
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
 * Workflows declared by worker apps on the real console, PostgreSQL and broker: a real worker publishes its
 * declarations at start and the console creates, updates and deletes the workflows as the app, marks them as
 * declared, audits each change with the app as actor, and leaves a workflow managed in the console alone.
 */
@ExtendWith(ConsoleTestEnvironment.DropDatabase.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@DirtiesContext
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DeclaredWorkflowsIT {

    private static final ConsoleTestEnvironment environment = new ConsoleTestEnvironment();
    private static final Instant NOW = Instant.parse("2026-05-01T12:00:00Z");
    private static final Duration DEADLINE = Duration.ofSeconds(30);
    private static final List<String> HANDLERS = List.of("extract", "load", "notify");

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

    @BeforeAll
    void clients() {
        admin = new ApiClient(port);
    }

    @Test
    void anAppsDeclaredWorkflowsAreCreatedChangedAndDeletedByItsNextVersions() {
        Answer manual = admin.put("/api/v1/workflows/by-hand", """
                {"nodes": [{"id": "load", "app": "etl", "handler": "load"}]}""");
        assertThat(manual.status()).as(manual.body()).isEqualTo(200);

        environment.declareAndStop(
                "etl",
                "1.0.0",
                HANDLERS,
                List.of(),
                List.of(
                        pipeline("nightly", "the nightly pipeline"),
                        pipeline("hourly", null),
                        pipeline("by-hand", null)));

        JsonNode nightly = awaitWorkflow(
                "nightly",
                view -> view.path("declaredBy").path("version").asString().equals("1.0.0"));
        assertThat(nightly.get("declaredBy").get("app").asString()).isEqualTo("etl");
        assertThat(nightly.get("workflow").get("version").asLong()).isEqualTo(1);
        assertThat(nightly.get("workflow").get("nodes").size()).isEqualTo(2);
        assertThat(nightly.get("apps").get(0).asString()).isEqualTo("etl");
        assertThat(nightly.get("updatedBy").asString()).isEqualTo("app etl");
        awaitWorkflow("hourly", view -> view.has("declaredBy"));
        assertThat(actors("WORKFLOW_SAVE", "nightly")).containsExactly("app etl");

        environment.declareAndStop(
                "etl",
                "1.0.0",
                HANDLERS,
                List.of(),
                List.of(pipeline("nightly", "the nightly pipeline"), pipeline("hourly", null)));
        environment.declareAndStop(
                "etl",
                "1.1.0",
                HANDLERS,
                List.of(),
                List.of(pipeline("nightly", "the nightly pipeline, notifying").toBuilder()
                        .schedule(Schedule.cron("0 0 3 * * ?", "Europe/Berlin"))
                        .nodes(List.of(
                                WorkflowNode.inline("extract", "etl", "extract"),
                                WorkflowNode.inline("load", "etl", "load"),
                                WorkflowNode.inline("notify", "etl", "notify")))
                        .edges(List.of(WorkflowEdge.of("extract", "load"), WorkflowEdge.of("load", "notify")))
                        .build()));

        nightly = awaitWorkflow(
                "nightly",
                view -> view.get("declaredBy").get("version").asString().equals("1.1.0"));
        assertThat(nightly.get("workflow").get("nodes").size()).isEqualTo(3);
        assertThat(nightly.get("workflow").get("version").asLong())
                .as("a declaration set read again changes nothing; the next version changes it once")
                .isEqualTo(2);
        assertThat(nightly.get("workflow").get("schedule").get("cron").asString())
                .isEqualTo("0 0 3 * * ?");
        assertThat(actors("WORKFLOW_SAVE", "nightly")).containsExactly("app etl", "app etl");
        await().atMost(DEADLINE)
                .until(() -> admin.get("/api/v1/workflows/hourly").status() == 404);
        assertThat(actors("WORKFLOW_DELETE", "hourly")).containsExactly("app etl");

        JsonNode byHand = admin.get("/api/v1/workflows/by-hand").json();
        assertThat(byHand.has("declaredBy"))
                .as("a workflow managed in the console is left alone")
                .isFalse();
        assertThat(byHand.get("workflow").get("nodes").size()).isEqualTo(1);
        assertThat(actors("WORKFLOW_SAVE", "by-hand")).containsExactly("admin");
    }

    private static WorkflowDefinition pipeline(String id, String description) {
        return WorkflowDefinition.builder(id)
                .description(description)
                .schedule(Schedule.cron("0 0 2 * * ?", "Europe/Berlin"))
                .nodes(List.of(
                        WorkflowNode.inline("extract", "etl", "extract"), WorkflowNode.inline("load", "etl", "load")))
                .edges(List.of(WorkflowEdge.of("extract", "load")))
                .build();
    }

    private JsonNode awaitWorkflow(String id, Predicate<JsonNode> condition) {
        return await().atMost(DEADLINE)
                .until(
                        () -> {
                            Answer answer = admin.get("/api/v1/workflows/" + id);
                            return answer.status() == 200 ? answer.json() : null;
                        },
                        view -> view != null && condition.test(view));
    }

    private List<String> actors(String action, String target) {
        return jdbc.sql("SELECT actor FROM audit_log WHERE action = :action AND target = :target ORDER BY id")
                .param("action", action)
                .param("target", target)
                .query(String.class)
                .list();
    }
}
