package io.carillon.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.carillon.console.ApiClient.Answer;
import io.carillon.testkit.SettableClock;
import io.carillon.testkit.TopicReader;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.events.Calendar;
import io.carillon.topics.events.DateRange;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.stream.Stream;
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
 * Calendars on the real console, PostgreSQL and broker: created and replaced by ADMINs, stored, audited and
 * published to the calendars topic; 400s naming the field; a delete refused with 409 naming the jobs that use the
 * calendar, else a tombstone.
 */
@ExtendWith(ConsoleTestEnvironment.DropDatabase.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@DirtiesContext
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CalendarsIT {

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
    TopicReader<Calendar> topic;

    @BeforeAll
    void usersAndReader() {
        admin = new ApiClient(port);
        admin.post("/api/v1/users", """
                {"name": "otto", "password": "%s", "grants": [{"role": "OPERATOR", "app": "*"}]}""".formatted(PASSWORD));
        operator = admin.as("otto", PASSWORD);
        topic = new TopicReader<>(environment.catalog.calendars(), EventSerdes.CALENDAR.deserializer());
    }

    @AfterAll
    void closeReader() {
        topic.close();
    }

    @Test
    void anAdminSavesACalendarWhichIsStoredAuditedAndPublished() {
        Answer saved = admin.put("/api/v1/calendars/holidays-de", """
                {"description": "Feiertage", "zone": "Europe/Berlin", "dates": ["2026-10-03", "2026-12-25"]}""");

        assertThat(saved.status()).as(saved.body()).isEqualTo(200);
        JsonNode view = admin.get("/api/v1/calendars/holidays-de").json();
        assertThat(view.get("calendar").get("dates").get(1).asString()).isEqualTo("2026-12-25");
        assertThat(view.get("updatedBy").asString()).isEqualTo("admin");
        assertThat(admin.get("/api/v1/calendars")
                        .json()
                        .get(0)
                        .get("calendar")
                        .get("id")
                        .asString())
                .isEqualTo("holidays-de");
        awaitLatest(
                "holidays-de",
                Calendar.named("holidays-de", "Europe/Berlin")
                        .withDescription("Feiertage")
                        .withDates(List.of(LocalDate.parse("2026-10-03"), LocalDate.parse("2026-12-25"))));
        assertThat(jdbc.sql("SELECT count(*) FROM audit_log WHERE action = 'CALENDAR_SAVE' AND target = 'holidays-de'")
                        .query(Long.class)
                        .single())
                .isEqualTo(1);
        assertThat(operator.put("/api/v1/calendars/holidays-de", "{}").status()).isEqualTo(403);
        assertThat(operator.get("/api/v1/calendars/holidays-de").status()).isEqualTo(200);
        assertThat(admin.get("/api/v1/calendars/nope").status()).isEqualTo(404);
    }

    @Test
    void refusesABadCalendarNamingEachFieldAndChangesNothing() {
        Answer refused = admin.put("/api/v1/calendars/bad", """
                {"zone": "Mars/Olympus", "ranges": [{"from": "2026-12-31", "to": "2026-12-24"}],
                 "weekdays": ["MONDAY", "MONDAY"]}""");

        assertThat(refused.status()).as(refused.body()).isEqualTo(400);
        assertThat(refused.errorFields()).containsExactlyInAnyOrder("zone", "ranges[0].to", "weekdays");
        Answer otherId = admin.put("/api/v1/calendars/bad", "{\"id\": \"other\"}");
        assertThat(otherId.status()).isEqualTo(400);
        assertThat(otherId.errorFields()).containsExactly("id");
        assertThat(jdbc.sql("SELECT count(*) FROM calendars WHERE id IN ('bad', 'other')")
                        .query(Long.class)
                        .single())
                .isZero();
    }

    @Test
    void aCalendarJobsUseIsNotDeletedAndTheAnswerNamesThem() {
        assertThat(admin.put("/api/v1/calendars/business-days", """
                {"weekdays": ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY"]}""").status()).isEqualTo(200);
        Answer created = admin.post("/api/v1/jobs", """
                {"id": "nine", "app": "demo", "handler": "echo",
                 "schedule": {"type": "CRON", "cron": "0 0 9 * * ?", "onlyOn": "business-days"}}""");
        assertThat(created.status()).as(created.body()).isEqualTo(201);

        Answer refused = admin.delete("/api/v1/calendars/business-days");
        assertThat(refused.status()).isEqualTo(409);
        assertThat(refused.body()).contains("nine");

        assertThat(admin.delete("/api/v1/jobs/nine").status()).isBetween(200, 204);
        assertThat(admin.delete("/api/v1/calendars/business-days").status()).isEqualTo(204);
        awaitLatest("business-days", null);
        assertThat(admin.get("/api/v1/calendars/business-days").status()).isEqualTo(404);
    }

    @Test
    void aJobNamingACalendarThatDoesNotExistIsRefusedNamingTheField() {
        Answer refused = admin.post("/api/v1/jobs", """
                {"id": "billing", "app": "demo", "handler": "echo",
                 "schedule": {"type": "CRON", "cron": "0 0 9 * * ?", "skip": ["no-such-calendar"]}}""");

        assertThat(refused.status()).as(refused.body()).isEqualTo(400);
        assertThat(refused.errorFields()).containsExactly("schedule.skip");
        assertThat(refused.body()).contains("no-such-calendar");
    }

    @Test
    void theSchedulePreviewListsTheInstantsACalendarRemovesWithTheCalendar() {
        assertThat(admin.put("/api/v1/calendars/weekend", "{\"weekdays\": [\"SATURDAY\", \"SUNDAY\"]}")
                        .status())
                .isEqualTo(200);

        Answer answer = admin.post("/api/v1/schedules/preview", """
                {"schedule": {"type": "CRON", "cron": "0 0 9 * * ?", "skip": ["weekend"]},
                 "from": "2026-11-27T00:00:00Z", "count": 2}""");

        assertThat(answer.status()).as(answer.body()).isEqualTo(200);
        JsonNode fires = answer.json().get("fires");
        assertThat(fires.valueStream().map(fire -> fire.get("at").asString()))
                .containsExactly(
                        "2026-11-27T09:00:00Z", "2026-11-28T09:00:00Z", "2026-11-29T09:00:00Z", "2026-11-30T09:00:00Z");
        assertThat(fires.valueStream()
                        .map(fire ->
                                fire.has("skippedBy") ? fire.get("skippedBy").asString() : ""))
                .containsExactly("", "weekend", "weekend", "");
        Answer unknown = admin.post("/api/v1/schedules/preview", """
                {"schedule": {"type": "CRON", "cron": "0 0 9 * * ?", "onlyOn": "nope"}}""");
        assertThat(unknown.status()).isEqualTo(400);
        assertThat(unknown.errorFields()).containsExactly("schedule.onlyOn");
    }

    @Test
    void theJobsNextFiresApplyItsCalendarsAsTheyAreNowAndListWhatTheyRemove() {
        assertThat(admin.put("/api/v1/calendars/weekend", "{\"weekdays\": [\"SATURDAY\", \"SUNDAY\"]}")
                        .status())
                .isEqualTo(200);
        Answer created = admin.post("/api/v1/jobs", """
                {"id": "weekday-nine", "app": "demo", "handler": "echo",
                 "schedule": {"type": "CRON", "cron": "0 0 9 * * ?", "skip": ["weekend"]}}""");
        assertThat(created.status()).as(created.body()).isEqualTo(201);

        JsonNode preview =
                admin.get("/api/v1/jobs/weekday-nine/schedule/preview?count=3").json();
        assertThat(strings(preview.get("fireTimes")))
                .as("from Friday 2026-05-01 12:00 UTC")
                .containsExactly("2026-05-04T09:00:00Z", "2026-05-05T09:00:00Z", "2026-05-06T09:00:00Z");
        assertThat(skipped(preview)).containsExactly("2026-05-02T09:00:00Z weekend", "2026-05-03T09:00:00Z weekend");
        assertThat(preview.path("stoppedBecause").isNull()
                        || preview.path("stoppedBecause").isMissingNode())
                .isTrue();

        assertThat(admin.put("/api/v1/calendars/weekend", "{\"weekdays\": [\"SATURDAY\"]}")
                        .status())
                .isEqualTo(200);
        JsonNode edited =
                admin.get("/api/v1/jobs/weekday-nine/schedule/preview?count=3").json();
        assertThat(strings(edited.get("fireTimes")))
                .as("the job is not saved again")
                .containsExactly("2026-05-03T09:00:00Z", "2026-05-04T09:00:00Z", "2026-05-05T09:00:00Z");
        assertThat(skipped(edited)).containsExactly("2026-05-02T09:00:00Z weekend");
        assertThat(admin.delete("/api/v1/jobs/weekday-nine").status()).isBetween(200, 204);
    }

    private static List<String> strings(JsonNode array) {
        return array.valueStream().map(JsonNode::asString).toList();
    }

    private static List<String> skipped(JsonNode preview) {
        return preview.get("skipped")
                .valueStream()
                .map(fire ->
                        fire.get("at").asString() + " " + fire.get("skippedBy").asString())
                .toList();
    }

    @Test
    void anICalendarFileBecomesACalendarOfItsAllDayDatesAndRanges() throws IOException {
        String ics = Files.readString(Path.of("src/test/resources/ics/feiertage-berlin-2026.ics"));

        Answer imported = admin.post(
                "/api/v1/calendars/import?id=feiertage-berlin&zone=Europe/Berlin&description=Feiertage%20Berlin",
                "text/calendar", ics);

        assertThat(imported.status()).as(imported.body()).isEqualTo(200);
        JsonNode answer = imported.json();
        assertThat(answer.get("events").asInt()).isEqualTo(13);
        assertThat(answer.get("leftOut").asInt()).isEqualTo(2);
        assertThat(answer.get("leftOutNamed").valueStream().map(JsonNode::asString))
                .containsExactly(
                        "'Sommerfest' on 20260615T090000Z: has a time of day, not an all-day event",
                        "'Silvester' on 20261231: recurring (RRULE or RDATE), not read");
        Calendar expected = Calendar.named("feiertage-berlin", "Europe/Berlin")
                .withDescription("Feiertage Berlin")
                .withDates(Stream.of(
                                "2026-01-01",
                                "2026-03-08",
                                "2026-04-03",
                                "2026-04-06",
                                "2026-05-01",
                                "2026-05-14",
                                "2026-05-25",
                                "2026-10-03")
                        .map(LocalDate::parse)
                        .toList())
                .withRanges(List.of(
                        new DateRange(LocalDate.parse("2026-12-25"), LocalDate.parse("2026-12-26")),
                        new DateRange(LocalDate.parse("2026-12-28"), LocalDate.parse("2026-12-31"))));
        assertThat(admin.get("/api/v1/calendars/feiertage-berlin")
                        .json()
                        .get("calendar")
                        .toString())
                .isEqualTo(EventSerdes.CALENDAR.toJson(expected));
        awaitLatest("feiertage-berlin", expected);
    }

    @Test
    void anImportThatIsNotAnICalendarFileOrHasNoIdIsRefusedNamingTheField() {
        Answer notIcs =
                admin.post("/api/v1/calendars/import?id=broken", "text/calendar", "BEGIN:VCALENDAR\r\nnonsense");
        assertThat(notIcs.status()).isEqualTo(400);
        assertThat(notIcs.errorFields()).containsExactly("file");

        Answer noId = admin.post("/api/v1/calendars/import", "text/calendar", "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n");
        assertThat(noId.status()).isEqualTo(400);
        assertThat(noId.errorFields()).containsExactly("id");

        Answer badZone = admin.post(
                "/api/v1/calendars/import?id=zoned&zone=Mars/Olympus",
                "text/calendar",
                "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nEND:VCALENDAR\r\n");
        assertThat(badZone.status()).isEqualTo(400);
        assertThat(badZone.errorFields()).containsExactly("zone");

        assertThat(operator.post("/api/v1/calendars/import?id=mine", "text/calendar", "BEGIN:VCALENDAR")
                        .status())
                .isEqualTo(403);
        assertThat(admin.get("/api/v1/calendars/broken").status()).isEqualTo(404);
    }

    /** Waits until the newest record of {@code key} on the calendars topic holds {@code expected}. */
    private void awaitLatest(String key, Calendar expected) {
        await().atMost(DEADLINE).untilAsserted(() -> {
            List<ConsumerRecord<String, Calendar>> records = topic.poll().stream()
                    .filter(record -> key.equals(record.key()))
                    .toList();
            assertThat(records).isNotEmpty();
            assertThat(records.get(records.size() - 1).value()).isEqualTo(expected);
        });
    }
}
