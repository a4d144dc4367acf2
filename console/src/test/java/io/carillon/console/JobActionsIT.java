package io.carillon.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.carillon.console.ApiClient.Answer;
import io.carillon.testkit.SettableClock;
import io.carillon.testkit.TopicReader;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.events.Incident;
import io.carillon.topics.events.IncidentAction;
import io.carillon.topics.events.IncidentRule;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.JobRequest;
import io.carillon.topics.events.RequestType;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
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
 * The job actions on the real console, PostgreSQL and broker: pause and resume, enable and disable, run at, backfill
 * and batch, each with its Kafka record, audit entry, 400s naming the field and 403s by grant.
 */
@ExtendWith(ConsoleTestEnvironment.DropDatabase.class)
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"carillon.console.jobs.max-backfill-fires=24", "carillon.console.jobs.max-batch-ids=5"})
@DirtiesContext
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class JobActionsIT {

    private static final ConsoleTestEnvironment environment = new ConsoleTestEnvironment();
    private static final Instant NOW = Instant.parse("2026-05-01T12:00:00Z");
    private static final Duration DEADLINE = Duration.ofSeconds(30);
    private static final String PASSWORD = "a-long-enough-password";
    private static final String JOB = """
            {"id": "%s", "app": "%s", "handler": "echo", "schedule": {"type": "CRON", "cron": "0 0 * * * ?"}}""";

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
    TopicReader<JobRequest> requests;

    @BeforeAll
    void usersAndReader() {
        admin = new ApiClient(port);
        for (String[] user : new String[][] {{"vera", "VIEWER"}, {"otto", "OPERATOR"}}) {
            admin.post("/api/v1/users", """
                    {"name": "%s", "password": "%s", "grants": [{"role": "%s", "app": "demo"}]}""".formatted(user[0], PASSWORD, user[1]));
        }
        viewer = admin.as("vera", PASSWORD);
        operator = admin.as("otto", PASSWORD);
        requests = new TopicReader<>(environment.catalog.requests(), EventSerdes.REQUEST.deserializer());
    }

    @AfterAll
    void closeReader() {
        requests.close();
    }

    @Test
    void pausesWithAReasonAndResumes() {
        create("paused-job", "demo");

        Answer paused = operator.post("/api/v1/jobs/paused-job/pause", """
                {"reason": "the warehouse is migrating"}""");

        assertThat(paused.status()).isEqualTo(202);
        JobRequest pause = request("paused-job", paused);
        assertThat(pause.type()).isEqualTo(RequestType.PAUSE);
        assertThat(pause.requestedBy()).isEqualTo("otto");
        assertThat(jdbc.sql("SELECT reason FROM job_pauses WHERE job_id = 'paused-job'")
                        .query(String.class)
                        .single())
                .isEqualTo("the warehouse is migrating");
        assertThat(audit("JOB_PAUSE", "paused-job"))
                .singleElement()
                .asString()
                .contains("the warehouse is migrating")
                .contains(pause.requestId());

        Answer resumed = operator.post("/api/v1/jobs/paused-job/resume", "");

        assertThat(resumed.status()).isEqualTo(202);
        assertThat(request("paused-job", resumed).type()).isEqualTo(RequestType.RESUME);
        assertThat(jdbc.sql("SELECT count(*) FROM job_pauses").query(Long.class).single())
                .isZero();
        assertThat(audit("JOB_RESUME", "paused-job")).hasSize(1);
    }

    @Test
    void showsThePauseThePlannerMadeAfterFailuresUntilItsIncidentResolves() {
        create("flaky", "demo");
        String incidentId = "paused:flaky:flaky@1";
        String reason = "paused after 3 consecutive failures; the last, run flaky@1#0, ended FAILED";

        try (Producer<String, byte[]> producer = ConsoleTestEnvironment.producer()) {
            producer.send(pausedStep(incidentId, IncidentAction.OPENED, reason));
            producer.flush();
            await().atMost(DEADLINE).untilAsserted(() -> {
                JsonNode pause = pauseOf("flaky");
                assertThat(pause).as("the job list shows the pause").isNotNull();
                assertThat(pause.get("by").asString()).isEqualTo("planner");
                assertThat(pause.get("reason").asString()).isEqualTo(reason);
            });
            assertThat(admin.get("/api/v1/incidents/" + incidentId)
                            .json()
                            .at("/incident/rule")
                            .asString())
                    .as("the incident shows on the incidents page too")
                    .isEqualTo("PAUSED");

            producer.send(pausedStep(incidentId, IncidentAction.RESOLVED, "resumed"));
            producer.flush();
            await().atMost(DEADLINE)
                    .untilAsserted(() -> assertThat(pauseOf("flaky") == null).isTrue());
        }
    }

    private ProducerRecord<String, byte[]> pausedStep(String incidentId, IncidentAction action, String message) {
        Incident step = new Incident(
                Incident.SCHEMA_VERSION,
                incidentId,
                action,
                IncidentRule.PAUSED,
                "demo",
                "flaky",
                NOW,
                NOW,
                3,
                "flaky@1",
                message);
        return new ProducerRecord<>(
                environment.catalog.alerts(), incidentId, EventSerdes.INCIDENT.serialize(null, step));
    }

    /** The pause the job list shows for {@code jobId}; null when it shows none. */
    private JsonNode pauseOf(String jobId) {
        JsonNode item = admin.get("/api/v1/jobs?q=" + jobId)
                .json()
                .get("items")
                .valueStream()
                .filter(each -> each.at("/job/id").asString().equals(jobId))
                .findFirst()
                .orElseThrow();
        JsonNode pause = item.get("pause");
        return pause == null || pause.isNull() ? null : pause;
    }

    @Test
    void refusesAPauseWithoutReason() {
        create("no-reason", "demo");

        Answer answer = admin.post("/api/v1/jobs/no-reason/pause", "{}");

        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.errorFields()).containsExactly("reason");
        assertThat(admin.post("/api/v1/jobs/no-reason/pause", """
                {"reason": "%s"}""".formatted("x".repeat(501)))
                        .errorFields())
                .containsExactly("reason");
        assertThat(admin.post("/api/v1/jobs/no-reason/pause", """
                {"reason": "ok", "until": "tomorrow"}""").errorFields())
                .containsExactly("until");
    }

    @Test
    void disablesAndEnablesAsNewVersionsOnTheJobsTopic() {
        create("toggled", "demo");

        Answer disabled = operator.post("/api/v1/jobs/toggled/disable", "");
        Answer again = operator.post("/api/v1/jobs/toggled/disable", "");
        Answer enabled = operator.post("/api/v1/jobs/toggled/enable", "");

        assertThat(disabled.status()).isEqualTo(200);
        assertThat(disabled.json().get("enabled").asBoolean()).isFalse();
        assertThat(disabled.json().get("version").asLong()).isEqualTo(2);
        assertThat(again.json().get("version").asLong()).isEqualTo(2);
        assertThat(enabled.json().get("enabled").asBoolean()).isTrue();
        assertThat(enabled.json().get("version").asLong()).isEqualTo(3);
        assertThat(audit("JOB_DISABLE", "toggled")).hasSize(1);
        assertThat(audit("JOB_ENABLE", "toggled")).hasSize(1);
        try (TopicReader<JobDefinition> jobs =
                new TopicReader<>(environment.catalog.jobs(), EventSerdes.JOB.deserializer())) {
            await().atMost(DEADLINE)
                    .untilAsserted(
                            () -> assertThat(recordsOf(jobs.poll(), "toggled")).hasSize(3));
            assertThat(recordsOf(jobs.poll(), "toggled"))
                    .extracting(record -> record.value().enabled())
                    .containsExactly(true, false, true);
        }
    }

    @Test
    void asksForOneFireAtAnInstant() {
        create("later", "demo");

        Answer answer = operator.post("/api/v1/jobs/later/run-at", """
                {"at": "2026-05-01T18:30:00Z", "params": "--late"}""");

        assertThat(answer.status()).isEqualTo(202);
        JobRequest runAt = request("later", answer);
        assertThat(runAt.type()).isEqualTo(RequestType.RUN_AT);
        assertThat(runAt.at()).isEqualTo(Instant.parse("2026-05-01T18:30:00Z"));
        assertThat(runAt.params()).isEqualTo("--late");
        assertThat(audit("JOB_RUN_AT", "later")).singleElement().asString().contains("2026-05-01T18:30:00Z");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            {}                                  | at
            {"at": "2026-05-01T11:59:59Z"}      | at
            {"at": "2027-06-01T00:00:00Z"}      | at
            {"at": "tomorrow"}                  | at
            {"at": "2026-05-01T18:30:00Z", "params": 5, "x": 1} | x
            """)
    void refusesABadRunAtNamingTheField(String body, String field) {
        create("run-at-" + field + Math.abs(body.hashCode()), "demo");

        Answer answer = admin.post("/api/v1/jobs/run-at-" + field + Math.abs(body.hashCode()) + "/run-at", body);

        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.errorFields()).containsExactly(field);
    }

    @Test
    void countsABackfillThenAsksForIt() {
        create("hourly", "demo");
        String range = """
                {"from": "2026-05-01T07:00:00Z", "to": "2026-05-01T11:00:00Z", "params": "--replay"}""";

        Answer counted = operator.post("/api/v1/jobs/hourly/backfill?dryRun=true", range);

        assertThat(counted.status()).isEqualTo(200);
        assertThat(counted.json().get("fires").asInt()).isEqualTo(5);
        assertThat(counted.json().get("first").asString()).isEqualTo("2026-05-01T07:00:00Z");
        assertThat(counted.json().get("last").asString()).isEqualTo("2026-05-01T11:00:00Z");
        assertThat(counted.json().has("requestId")).isFalse();

        Answer sent = operator.post("/api/v1/jobs/hourly/backfill", range);

        assertThat(sent.status()).isEqualTo(202);
        assertThat(sent.json().get("fires").asInt()).isEqualTo(5);
        JobRequest backfill = request("hourly", sent);
        assertThat(backfill.type()).isEqualTo(RequestType.BACKFILL);
        assertThat(backfill.from()).isEqualTo(Instant.parse("2026-05-01T07:00:00Z"));
        assertThat(backfill.to()).isEqualTo(Instant.parse("2026-05-01T11:00:00Z"));
        assertThat(backfill.params()).isEqualTo("--replay");
        assertThat(recordsOf(requests.poll(), "hourly"))
                .as("the dry run sent nothing")
                .hasSize(1);
        assertThat(audit("JOB_BACKFILL", "hourly")).singleElement().asString().contains("\"fires\": \"5\"");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            {"to": "2026-05-01T11:00:00Z"}                                   | from
            {"from": "2026-05-01T07:00:00Z"}                                 | to
            {"from": "2026-05-01T07:00:00Z", "to": "2026-05-01T06:00:00Z"}   | to
            {"from": "2026-05-01T07:00:00Z", "to": "2026-05-01T13:00:00Z"}   | to
            {"from": "2026-04-29T07:00:00Z", "to": "2026-05-01T11:00:00Z"}   | to
            {"from": "2026-05-01T07:10:00Z", "to": "2026-05-01T07:20:00Z"}   | from
            """)
    void refusesABadBackfillNamingTheField(String body, String field) {
        create("backfill-" + Math.abs(body.hashCode()), "demo");

        Answer answer = admin.post("/api/v1/jobs/backfill-" + Math.abs(body.hashCode()) + "/backfill", body);

        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.errorFields()).containsExactly(field);
    }

    @Test
    void batchesAnActionWithAnOutcomePerId() {
        create("batch-on", "demo");
        create("batch-off", "demo");
        operator.post("/api/v1/jobs/batch-off/disable", "");
        create("batch-billing", "billing");

        Answer answer = operator.post("/api/v1/jobs:batch", """
                {"action": "DISABLE", "ids": ["batch-on", "batch-off", "batch-ghost", "batch-billing"]}""");

        assertThat(answer.status()).isEqualTo(200);
        JsonNode results = answer.json().get("results");
        assertThat(results.valueStream()
                        .map(result -> result.get("id").asString() + "="
                                + result.get("outcome").asString()))
                .containsExactly(
                        "batch-on=OK", "batch-off=UNCHANGED", "batch-ghost=NOT_FOUND", "batch-billing=FORBIDDEN");
        assertThat(admin.get("/api/v1/jobs/batch-on").json().get("enabled").asBoolean())
                .isFalse();
        assertThat(admin.get("/api/v1/jobs/batch-billing").json().get("enabled").asBoolean())
                .isTrue();

        Answer run = operator.post("/api/v1/jobs:batch", """
                {"action": "RUN", "ids": ["batch-on", "batch-off"]}""");
        assertThat(run.json()
                        .get("results")
                        .valueStream()
                        .map(result -> result.get("outcome").asString()))
                .containsExactly("OK", "OK");
        String requestId = run.json().at("/results/0/requestId").asString();
        await().atMost(DEADLINE)
                .untilAsserted(() -> assertThat(recordsOf(requests.poll(), "batch-on"))
                        .extracting(record -> record.value().requestId())
                        .contains(requestId));

        Answer deleted = operator.post("/api/v1/jobs:batch", """
                {"action": "DELETE", "ids": ["batch-on", "batch-billing"]}""");
        assertThat(deleted.json()
                        .get("results")
                        .valueStream()
                        .map(result -> result.get("outcome").asString()))
                .containsExactly("OK", "FORBIDDEN");
        assertThat(admin.get("/api/v1/jobs/batch-on").status()).isEqualTo(404);
        assertThat(audit("JOB_DELETE", "batch-on")).hasSize(1);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            {"ids": ["a"]}                                          | action
            {"action": "PAUSE", "ids": ["a"]}                       | action
            {"action": "RUN"}                                       | ids
            {"action": "RUN", "ids": []}                            | ids
            {"action": "RUN", "ids": ["a", "b", "c", "d", "e", "f"]} | ids
            {"action": "RUN", "ids": ["a", "Bad Id"]}               | ids[1]
            {"action": "RUN", "ids": ["a", "b", "a"]}               | ids[2]
            """)
    void refusesABadBatchNamingTheField(String body, String field) {
        Answer answer = admin.post("/api/v1/jobs:batch", body);

        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.errorFields()).containsExactly(field);
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', textBlock = """
            /pause     | {"reason": "r"}
            /resume    | {}
            /enable    |
            /disable   |
            /run-at    | {"at": "2026-05-01T18:30:00Z"}
            /backfill  | {"from": "2026-05-01T07:00:00Z", "to": "2026-05-01T11:00:00Z"}
            """)
    void refusesAViewerAndAnAnonymousCaller(String action, String body) {
        create("guarded" + action.replace('/', '-'), "demo");
        String path = "/api/v1/jobs/guarded" + action.replace('/', '-') + action;

        assertThat(viewer.post(path, body == null ? "" : body).status()).isEqualTo(403);
        assertThat(admin.anonymous().post(path, body == null ? "" : body).status())
                .isEqualTo(401);
        assertThat(admin.post("/api/v1/jobs/ghost" + action, body == null ? "" : body)
                        .status())
                .isEqualTo(404);
    }

    @Test
    void answersEachIdOfAViewersBatchForbidden() {
        create("viewed", "demo");

        Answer answer = viewer.post("/api/v1/jobs:batch", """
                {"action": "ENABLE", "ids": ["viewed"]}""");

        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.json().at("/results/0/outcome").asString()).isEqualTo("FORBIDDEN");
        assertThat(admin.anonymous().post("/api/v1/jobs:batch", "{}").status()).isEqualTo(401);
    }

    private void create(String id, String app) {
        Answer created = admin.post("/api/v1/jobs", JOB.formatted(id, app));
        assertThat(created.status()).as(created.body()).isEqualTo(201);
    }

    private JobRequest request(String jobId, Answer accepted) {
        String requestId = accepted.json().get("requestId").asString();
        await().atMost(DEADLINE)
                .untilAsserted(() -> assertThat(recordsOf(requests.poll(), jobId))
                        .extracting(record -> record.value().requestId())
                        .contains(requestId));
        return recordsOf(requests.poll(), jobId).stream()
                .map(ConsumerRecord::value)
                .filter(request -> request.requestId().equals(requestId))
                .findFirst()
                .orElseThrow();
    }

    private List<String> audit(String action, String target) {
        return jdbc.sql("SELECT coalesce(after::text, '') FROM audit_log WHERE action = :action AND target = :target"
                        + " ORDER BY id")
                .param("action", action)
                .param("target", target)
                .query(String.class)
                .list();
    }

    private static <V> List<ConsumerRecord<String, V>> recordsOf(List<ConsumerRecord<String, V>> records, String key) {
        return records.stream().filter(record -> key.equals(record.key())).toList();
    }
}
