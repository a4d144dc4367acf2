package io.carillon.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.console.ApiClient.Answer;
import io.carillon.testkit.SettableClock;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * {@code POST /api/v1/schedules/preview}: fire times in the zone and UTC, the cron in words, Europe/Berlin's
 * daylight-saving notes in spring and autumn, fires per day with the warning, 400s naming the field; and the
 * OpenAPI document listing the endpoints, behind sign-in.
 */
@ExtendWith(ConsoleTestEnvironment.DropDatabase.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@DirtiesContext
class SchedulePreviewIT {

    private static final ConsoleTestEnvironment environment = new ConsoleTestEnvironment();
    private static final Instant NOW = Instant.parse("2026-03-27T00:00:00Z");

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

    ApiClient api;

    @BeforeEach
    void client() {
        api = new ApiClient(port);
    }

    @Test
    void showsFiresInTheZoneAndUtcAndTheSpringAndAutumnChanges() {
        Answer answer = api.post("/api/v1/schedules/preview", """
                {"schedule": {"type": "CRON", "cron": "0 30 2 * * ?", "zone": "Europe/Berlin"}, "count": 4}""");

        assertThat(answer.status()).isEqualTo(200);
        JsonNode preview = answer.json();
        assertThat(preview.get("scheduleInWords").asString()).isEqualTo("at 02:30 (Europe/Berlin)");
        assertThat(preview.get("from").asString()).isEqualTo("2026-03-27T00:00:00Z");
        assertThat(preview.get("fires").valueStream().map(fire -> fire.get("at").asString()))
                .containsExactly(
                        "2026-03-27T01:30:00Z", "2026-03-28T01:30:00Z", "2026-03-30T00:30:00Z", "2026-03-31T00:30:00Z");
        assertThat(preview.at("/fires/0/local").asString()).isEqualTo("2026-03-27T02:30:00+01:00");
        assertThat(preview.at("/fires/2/local").asString()).isEqualTo("2026-03-30T02:30:00+02:00");
        assertThat(preview.get("firesPerDay").asLong()).isEqualTo(1);
        assertThat(preview.get("tooFrequent").asBoolean()).isFalse();
        assertThat(preview.has("warning")).isFalse();

        JsonNode spring = preview.at("/dstNotes/0");
        assertThat(spring.get("kind").asString()).isEqualTo("SKIPPED");
        assertThat(spring.get("transition").asString()).isEqualTo("2026-03-29T01:00:00Z");
        assertThat(spring.get("localFrom").asString()).isEqualTo("2026-03-29T02:00:00");
        assertThat(spring.get("localTo").asString()).isEqualTo("2026-03-29T03:00:00");
        assertThat(spring.get("namedTimes").asInt()).isEqualTo(1);
        assertThat(spring.get("fires").isEmpty()).isTrue();
        assertThat(spring.get("message").asString())
                .isEqualTo("the local times from 02:00 to before 03:00 of"
                        + " 2026-03-29 do not exist in Europe/Berlin (clocks go forward at 2026-03-29T01:00:00Z); the cron"
                        + " names 1 of them (02:30): the schedule does not fire for them");

        JsonNode autumn = preview.at("/dstNotes/1");
        assertThat(autumn.get("kind").asString()).isEqualTo("FOLDED");
        assertThat(autumn.get("transition").asString()).isEqualTo("2026-10-25T01:00:00Z");
        assertThat(autumn.get("fires").valueStream().map(JsonNode::asString)).containsExactly("2026-10-25T00:30:00Z");
        assertThat(autumn.get("message").asString())
                .endsWith("the schedule fires once for them, each folded" + " time once");
        assertThat(preview.get("dstNotes")).hasSize(2);
    }

    @Test
    void reportsFoldedTimesThatFireTwice() {
        JsonNode preview = api.post("/api/v1/schedules/preview", """
                {"schedule": {"type": "CRON", "cron": "0 0/30 2 * * ?", "zone": "Europe/Berlin"},
                 "from": "2026-10-01T00:00:00Z"}""").json();

        JsonNode autumn = preview.at("/dstNotes/0");
        assertThat(autumn.get("kind").asString()).isEqualTo("FOLDED");
        assertThat(autumn.get("namedTimes").asInt()).isEqualTo(2);
        assertThat(autumn.get("fires").valueStream().map(JsonNode::asString))
                .containsExactly(
                        "2026-10-25T00:00:00Z", "2026-10-25T00:30:00Z", "2026-10-25T01:00:00Z", "2026-10-25T01:30:00Z");
        assertThat(autumn.get("message").asString())
                .endsWith("the schedule fires 4 times for them, some folded times" + " twice");
        assertThat(preview.get("fires")).hasSize(10);
    }

    @Test
    void leavesOutTheNotesOfTimesTheCronDoesNotName() {
        JsonNode preview = api.post("/api/v1/schedules/preview", """
                {"schedule": {"type": "CRON", "cron": "0 0 9 * * ?", "zone": "Europe/Berlin"}}""").json();

        assertThat(preview.get("dstNotes").isEmpty()).isTrue();
        assertThat(preview.get("fires")).hasSize(10);
    }

    @Test
    void warnsAboutACronThatFiresEverySecondOfAnHour() {
        JsonNode preview = api.post("/api/v1/schedules/preview", """
                {"schedule": {"type": "CRON", "cron": "* * 9 * * ?", "zone": "Europe/Berlin"}, "count": 3}""").json();

        assertThat(preview.get("firesPerDay").asLong()).isEqualTo(3600);
        assertThat(preview.get("tooFrequent").asBoolean()).isTrue();
        assertThat(preview.get("warning").asString()).contains("3600 times a day");
        assertThat(preview.get("scheduleInWords").asString()).startsWith("every second");
        assertThat(preview.get("fires")
                        .valueStream()
                        .map(fire -> fire.get("local").asString()))
                .containsExactly("2026-03-27T09:00:00+01:00", "2026-03-27T09:00:01+01:00", "2026-03-27T09:00:02+01:00");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            {"type": "FIXED_RATE", "intervalMs": 60000}    | 1440 | false | every 1 minute
            {"type": "FIXED_RATE", "intervalMs": 30000}    | 2880 | true  | every 30 seconds
            {"type": "FIXED_DELAY", "intervalMs": 3600000} | 24   | false | 1 hour after the end of each run
            {"type": "ONCE", "at": "2026-04-01T00:00:00Z"} | 1    | false | once at 2026-04-01T00:00:00Z
            {"type": "NONE"} | 0 | false | never by itself: run by hand, by a request or as a child
            """)
    void countsTheFiresOfADayForEveryType(String schedule, long perDay, boolean tooFrequent, String words) {
        JsonNode preview = api.post("/api/v1/schedules/preview", "{\"schedule\": " + schedule + "}")
                .json();

        assertThat(preview.get("firesPerDay").asLong()).isEqualTo(perDay);
        assertThat(preview.get("tooFrequent").asBoolean()).isEqualTo(tooFrequent);
        assertThat(preview.get("scheduleInWords").asString()).isEqualTo(words);
        assertThat(preview.get("dstNotes").isEmpty()).isTrue();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            {}                                                                | schedule
            {"schedule": {"type": "CRON", "cron": "every day"}}               | schedule.cron
            {"schedule": {"type": "CRON", "cron": "0 0 9 * * ?", "zone": "Mars/Base"}} | schedule.zone
            {"schedule": {"type": "FIXED_RATE"}}                              | schedule.intervalMs
            {"schedule": {"type": "HOURLY"}}                                  | schedule.type
            {"schedule": {"type": "NONE"}, "count": 101}                      | count
            {"schedule": {"type": "NONE"}, "from": "soon"}                    | from
            """)
    void refusesABadScheduleNamingTheField(String body, String field) {
        Answer answer = api.post("/api/v1/schedules/preview", body);

        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.errorFields()).containsExactly(field);
    }

    @Test
    void needsASignedInCaller() {
        assertThat(api.anonymous().post("/api/v1/schedules/preview", """
                {"schedule": {"type": "NONE"}}""").status())
                .isEqualTo(401);
    }

    @Test
    void servesTheOpenApiDocumentListingTheEndpointsToSignedInCallers() {
        Answer document = api.get("/v3/api-docs");

        assertThat(document.status()).isEqualTo(200);
        JsonNode paths = document.json().get("paths");
        assertThat(paths.propertyNames())
                .contains(
                        "/api/v1/jobs",
                        "/api/v1/jobs/{id}",
                        "/api/v1/jobs/{id}/run",
                        "/api/v1/jobs/{id}/pause",
                        "/api/v1/jobs/{id}/resume",
                        "/api/v1/jobs/{id}/enable",
                        "/api/v1/jobs/{id}/disable",
                        "/api/v1/jobs/{id}/run-at",
                        "/api/v1/jobs/{id}/backfill",
                        "/api/v1/jobs:batch",
                        "/api/v1/schedules/preview",
                        "/api/v1/runs/{runId}/retry",
                        "/api/v1/audit");
        assertThat(paths.at("/~1api~1v1~1jobs/get/parameters")
                        .valueStream()
                        .map(parameter -> parameter.get("name").asString()))
                .contains(
                        "app", "q", "enabled", "paused", "handler", "type", "owner", "tag", "status", "cursor", "size");
        assertThat(paths.at("/~1api~1v1~1jobs~1{id}~1run-at/post/requestBody/content/application~1json/schema/$ref")
                        .asString())
                .isEqualTo("#/components/schemas/RunAtBody");
        assertThat(document.json()
                        .at("/components/schemas/RunAtBody/properties")
                        .propertyNames())
                .containsExactlyInAnyOrder("at", "params");
        assertThat(document.json()
                        .at("/components/schemas/BatchBody/properties/action/enum")
                        .valueStream()
                        .map(JsonNode::asString))
                .containsExactly("ENABLE", "DISABLE", "RUN", "DELETE");
        assertThat(deprecated(document.json(), "AuditPage")).containsExactlyInAnyOrder("entries", "nextPage");
        assertThat(deprecated(document.json(), "IncidentPage")).containsExactly("incidents");
        assertThat(deprecated(document.json(), "RunPage")).containsExactly("runs");
        assertThat(deprecated(document.json(), "DeliveryPage")).containsExactlyInAnyOrder("deliveries", "nextBefore");
        assertThat(deprecated(document.json(), "LogPage")).containsExactlyInAnyOrder("lines", "nextAfter");
        assertThat(document.json().at("/components/schemas/LogPage/properties").propertyNames())
                .contains("runId", "items", "nextCursor", "cut");
        assertThat(deprecatedParameters(paths.at("/~1api~1v1~1audit/get/parameters")))
                .containsExactly("page");
        assertThat(deprecatedParameters(paths.at("/~1api~1v1~1channels~1{name}~1deliveries/get/parameters")))
                .containsExactly("before");
        assertThat(deprecatedParameters(paths.at("/~1api~1v1~1runs~1{runId}~1logs/get/parameters")))
                .containsExactly("after");
        assertThat(api.anonymous().get("/v3/api-docs").status()).isEqualTo(401);
        assertThat(api.get("/swagger-ui/index.html").status()).isEqualTo(200);
        assertThat(api.anonymous().get("/swagger-ui/index.html").status()).isEqualTo(302);
    }

    private static List<String> deprecated(JsonNode document, String schema) {
        JsonNode properties = document.at("/components/schemas/" + schema + "/properties");
        assertThat(properties.isMissingNode()).as(schema).isFalse();
        return properties.propertyNames().stream()
                .filter(name -> properties.get(name).path("deprecated").asBoolean(false))
                .toList();
    }

    private static List<String> deprecatedParameters(JsonNode parameters) {
        return parameters
                .valueStream()
                .filter(parameter -> parameter.path("deprecated").asBoolean(false))
                .map(parameter -> parameter.get("name").asString())
                .toList();
    }
}
