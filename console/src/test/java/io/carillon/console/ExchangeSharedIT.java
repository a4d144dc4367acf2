package io.carillon.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.carillon.console.ApiClient.Answer;
import io.carillon.testkit.TopicReader;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.events.Calendar;
import io.carillon.topics.events.ConcurrencyLimit;
import io.carillon.topics.events.DateRange;
import io.carillon.topics.events.TimeWindow;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Calendars and concurrency limits in export documents, on the real console, PostgreSQL and broker: an export carries
 * the ones its jobs use (every one without {@code app}); importing it after they were deleted brings calendar, limit
 * and job back (saved, audited and published first, so the job validates and its preview skips), a dry run reports
 * them, an import never deletes one, a bad one is refused by its path, creating one needs an ADMIN, and a document
 * without them imports as before.
 */
@ExtendWith(ConsoleTestEnvironment.DropDatabase.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@DirtiesContext
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ExchangeSharedIT {

    private static final ConsoleTestEnvironment environment = new ConsoleTestEnvironment();
    private static final Duration DEADLINE = Duration.ofSeconds(30);
    private static final String PASSWORD = "a-long-enough-password";
    private static final String JOB = """
            {"id": "%s", "app": "%s", "handler": "echo",
             "schedule": {"type": "CRON", "cron": "0 0 9 * * ?", "zone": "UTC", "skip": ["%s"]},
             "concurrency": {"limit": "%s"}}""";

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        environment.register(registry);
    }

    @LocalServerPort
    int port;

    @Autowired
    JdbcClient jdbc;

    ApiClient admin;
    ApiClient operator;
    TopicReader<Calendar> calendarTopic;
    TopicReader<ConcurrencyLimit> limitTopic;

    @BeforeAll
    void usersAndReaders() {
        admin = new ApiClient(port);
        admin.post("/api/v1/users", """
                {"name": "otto", "password": "%s", "grants": [{"role": "OPERATOR", "app": "*"}]}""".formatted(PASSWORD));
        operator = admin.as("otto", PASSWORD);
        calendarTopic = new TopicReader<>(environment.catalog.calendars(), EventSerdes.CALENDAR.deserializer());
        limitTopic = new TopicReader<>(environment.catalog.limits(), EventSerdes.LIMIT.deserializer());
    }

    @AfterAll
    void closeReaders() {
        calendarTopic.close();
        limitTopic.close();
    }

    @Test
    void anExportCarriesTheCalendarsAndLimitsItsJobsUseAndAnImportBringsThemBackFirst() {
        saved(admin.put("/api/v1/calendars/weekend", """
                {"description": "Saturday and Sunday", "zone": "UTC", "weekdays": ["SATURDAY", "SUNDAY"],
                 "ranges": [{"from": "2026-12-24", "to": "2026-12-26"}], "times": [{"from": "06:00", "to": "22:30"}]}"""));
        saved(admin.put("/api/v1/calendars/unused", "{\"dates\": [\"2026-12-25\"]}"));
        saved(admin.put("/api/v1/limits/warehouse", "{\"max\": 2, \"description\": \"two at once\"}"));
        saved(admin.put("/api/v1/limits/unused-limit", "{\"max\": 9}"));
        saved(admin.post("/api/v1/jobs", JOB.formatted("billing", "shared", "weekend", "warehouse")));

        ObjectNode document =
                (ObjectNode) admin.get("/api/v1/export?app=shared").json();
        assertThat(ids(document.get("calendars"))).containsExactly("weekend");
        assertThat(ids(document.get("limits"))).containsExactly("warehouse");
        assertThat(document.get("limits").get(0).get("max").asInt()).isEqualTo(2);
        JsonNode everything = admin.get("/api/v1/export").json();
        assertThat(ids(everything.get("calendars"))).contains("weekend", "unused");
        assertThat(ids(everything.get("limits"))).contains("warehouse", "unused-limit");

        assertThat(admin.delete("/api/v1/jobs/billing").status()).isEqualTo(204);
        assertThat(admin.delete("/api/v1/calendars/weekend").status()).isEqualTo(204);
        assertThat(admin.delete("/api/v1/limits/warehouse").status()).isEqualTo(204);

        Answer dryRunAnswer = admin.post("/api/v1/import?dryRun=true", document.toString());
        assertThat(dryRunAnswer.status()).as(dryRunAnswer.body()).isEqualTo(200);
        JsonNode dryRun = dryRunAnswer.json();
        assertThat(strings(dryRun.get("created"))).containsExactly("billing");
        assertThat(strings(dryRun.get("calendars").get("created"))).containsExactly("weekend");
        assertThat(strings(dryRun.get("limits").get("created"))).containsExactly("warehouse");
        assertThat(admin.get("/api/v1/calendars/weekend").status())
                .as("a dry run changes nothing")
                .isEqualTo(404);

        Answer appliedAnswer = admin.post("/api/v1/import", document.toString());
        assertThat(appliedAnswer.status()).as(appliedAnswer.body()).isEqualTo(200);
        assertThat(strings(appliedAnswer.json().get("calendars").get("created")))
                .containsExactly("weekend");
        assertThat(admin.get("/api/v1/calendars/weekend")
                        .json()
                        .get("calendar")
                        .get("weekdays")
                        .get(1)
                        .asString())
                .isEqualTo("SUNDAY");
        assertThat(admin.get("/api/v1/limits/warehouse")
                        .json()
                        .get("limit")
                        .get("max")
                        .asInt())
                .isEqualTo(2);
        JsonNode job = admin.get("/api/v1/jobs/billing").json();
        assertThat(job.get("concurrency").get("limit").asString()).isEqualTo("warehouse");
        Answer preview = admin.post("/api/v1/schedules/preview", """
                {"schedule": %s, "from": "2026-11-27T00:00:00Z", "count": 2}""".formatted(job.get("schedule")));
        assertThat(preview.status()).as(preview.body()).isEqualTo(200);
        assertThat(preview.json()
                        .get("fires")
                        .valueStream()
                        .map(fire ->
                                fire.has("skippedBy") ? fire.get("skippedBy").asString() : ""))
                .containsExactly("", "weekend", "weekend", "");
        awaitLatest(
                calendarTopic,
                "weekend",
                Calendar.named("weekend", "UTC")
                        .withDescription("Saturday and Sunday")
                        .withWeekdays(List.of(DayOfWeek.SATURDAY, DayOfWeek.SUNDAY))
                        .withRanges(
                                List.of(new DateRange(LocalDate.parse("2026-12-24"), LocalDate.parse("2026-12-26"))))
                        .withTimes(List.of(new TimeWindow(LocalTime.of(6, 0), LocalTime.of(22, 30)))));
        awaitLatest(limitTopic, "warehouse", ConcurrencyLimit.of("warehouse", 2).withDescription("two at once"));
        assertThat(audited("CALENDAR_SAVE", "weekend")).isEqualTo(2);
        assertThat(audited("LIMIT_SAVE", "warehouse")).isEqualTo(2);

        ((ObjectNode) document.get("limits").get(0)).put("max", 3);
        JsonNode again = admin.post("/api/v1/import?dryRun=true&prune=true", document.toString())
                .json();
        assertThat(strings(again.get("calendars").get("unchanged"))).containsExactly("weekend");
        JsonNode changed = again.get("limits").get("changed").get(0);
        assertThat(changed.get("id").asString()).isEqualTo("warehouse");
        assertThat(changed.get("fields").get(0).get("field").asString()).isEqualTo("max");
        assertThat(changed.get("fields").get(0).get("after").asInt()).isEqualTo(3);

        document.putArray("calendars");
        document.putArray("limits");
        assertThat(admin.post("/api/v1/import?prune=true", document.toString()).status())
                .isEqualTo(200);
        assertThat(admin.get("/api/v1/calendars/weekend").status())
                .as("an import deletes no calendar")
                .isEqualTo(200);
        assertThat(admin.get("/api/v1/limits/warehouse").status())
                .as("an import deletes no limit")
                .isEqualTo(200);
    }

    @Test
    void refusesABadCalendarOrLimitNamingItsPathAndChangesNothing() {
        Answer answer = admin.post("/api/v1/import", """
                {"format": "carillon-jobs", "version": 1, "apps": ["bad"], "jobs": [
                  {"id": "bad-job", "app": "bad", "handler": "echo",
                   "schedule": {"type": "CRON", "cron": "0 0 9 * * ?", "skip": ["bad-zone"]}}],
                 "calendars": [{"id": "bad-zone", "zone": "Mars/Olympus"}, {"id": "typo", "weekday": ["MONDAY"]}],
                 "limits": [{"id": "none-at-once", "max": 0}, {"id": "none-at-once", "max": 1}]}""");

        assertThat(answer.status()).as(answer.body()).isEqualTo(400);
        assertThat(answer.errorFields())
                .containsExactly("calendars[1].weekday", "calendars[0].zone", "limits[0].max", "limits[1].id");
        assertThat(admin.get("/api/v1/jobs/bad-job").status()).isEqualTo(404);
        assertThat(admin.post("/api/v1/import", """
                        {"format": "carillon-jobs", "version": 1, "jobs": [], "calendars": {}}""").errorFields()).containsExactly("calendars");
    }

    @Test
    void creatingACalendarOrLimitByImportNeedsAnAdminButCarryingUnchangedOnesDoesNot() {
        String document = """
                {"format": "carillon-jobs", "version": 1, "apps": ["ops"], "jobs": [%s],
                 "calendars": [{"id": "ops-holidays", "dates": ["2026-12-25"]}],
                 "limits": [{"id": "ops-limit", "max": 1}]}""".formatted(JOB.formatted("ops-job", "ops", "ops-holidays", "ops-limit"));

        assertThat(operator.post("/api/v1/import?dryRun=true", document).status())
                .isEqualTo(200);
        assertThat(operator.post("/api/v1/import", document).status()).isEqualTo(403);
        assertThat(admin.get("/api/v1/calendars/ops-holidays").status()).isEqualTo(404);

        saved(admin.put("/api/v1/calendars/ops-holidays", "{\"dates\": [\"2026-12-25\"]}"));
        saved(admin.put("/api/v1/limits/ops-limit", "{\"max\": 1}"));
        Answer applied = operator.post("/api/v1/import", document);
        assertThat(applied.status()).as(applied.body()).isEqualTo(200);
        assertThat(strings(applied.json().get("calendars").get("unchanged"))).containsExactly("ops-holidays");
        assertThat(admin.get("/api/v1/jobs/ops-job").status()).isEqualTo(200);
    }

    @Test
    void aDocumentWithoutCalendarsAndLimitsImportsAsBeforeAndLeavesThemAlone() {
        saved(admin.put("/api/v1/calendars/old-holidays", "{\"dates\": [\"2026-12-25\"]}"));
        String document = """
                {"format": "carillon-jobs", "version": 1, "apps": ["old"], "jobs": [%s]}""".formatted(JOB.formatted("old-job", "old", "old-holidays", "old-limit"));

        Answer applied = admin.post("/api/v1/import?prune=true", document);

        assertThat(applied.status()).as(applied.body()).isEqualTo(200);
        assertThat(strings(applied.json().get("created"))).containsExactly("old-job");
        assertThat(applied.json().get("calendars").get("created").isEmpty()).isTrue();
        assertThat(applied.json().get("limits").get("unchanged").isEmpty()).isTrue();
        assertThat(admin.get("/api/v1/calendars/old-holidays").status()).isEqualTo(200);
        assertThat(admin.get("/api/v1/limits/old-limit").status())
                .as("a limit the job names need not be defined")
                .isEqualTo(404);
    }

    private static void saved(Answer answer) {
        assertThat(answer.status()).as(answer.body()).isBetween(200, 201);
    }

    private long audited(String action, String target) {
        return jdbc.sql("SELECT count(*) FROM audit_log WHERE action = :action AND target = :target")
                .param("action", action)
                .param("target", target)
                .query(Long.class)
                .single();
    }

    private static <V> void awaitLatest(TopicReader<V> topic, String key, V expected) {
        await().atMost(DEADLINE).untilAsserted(() -> {
            List<ConsumerRecord<String, V>> records = topic.poll().stream()
                    .filter(record -> key.equals(record.key()))
                    .toList();
            assertThat(records).isNotEmpty();
            assertThat(records.get(records.size() - 1).value()).isEqualTo(expected);
        });
    }

    private static List<String> ids(JsonNode definitions) {
        return definitions.valueStream().map(each -> each.get("id").asString()).toList();
    }

    private static List<String> strings(JsonNode array) {
        return array.valueStream().map(JsonNode::asString).toList();
    }
}
