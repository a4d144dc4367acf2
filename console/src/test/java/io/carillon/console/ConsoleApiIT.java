package io.carillon.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.console.ApiClient.Answer;
import io.carillon.testkit.SettableClock;
import java.time.Clock;
import java.time.Instant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

@ExtendWith(ConsoleTestEnvironment.DropDatabase.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@DirtiesContext
class ConsoleApiIT {

    private static final ConsoleTestEnvironment environment = new ConsoleTestEnvironment();
    private static final Instant NOW = Instant.parse("2026-03-01T10:00:00.250Z");

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        environment.register(registry);
    }

    @TestConfiguration
    static class FixedTime {
        @Bean
        SettableClock testClock() {
            return new SettableClock(NOW);
        }
    }

    @LocalServerPort
    int port;

    @Autowired
    Clock clock;

    ApiClient api;

    @BeforeEach
    void client() {
        api = new ApiClient(port);
    }

    @Test
    void usesTheApplicationsClock() {
        assertThat(clock).isInstanceOf(SettableClock.class);
    }

    @Test
    void createsReadsReplacesAndDeletesAJob() {
        Answer created = api.post("/api/v1/jobs", """
                {"id": "report.daily", "app": "demo", "handler": "echo", "description": "the daily report",
                 "schedule": {"type": "CRON", "cron": "0 0 9 * * ?", "zone": "Europe/Berlin"}, "params": "p"}""");
        assertThat(created.status()).isEqualTo(201);
        assertThat(created.location()).endsWith("/api/v1/jobs/report.daily");
        JsonNode job = created.json();
        assertThat(job.get("version").asLong()).isEqualTo(1);
        assertThat(job.get("enabled").asBoolean()).isTrue();
        assertThat(job.at("/schedule/cron").asString()).isEqualTo("0 0 9 * * ?");
        assertThat(job.get("routing").asString()).isEqualTo("ROUND_ROBIN");

        Answer read = api.get("/api/v1/jobs/report.daily");
        assertThat(read.status()).isEqualTo(200);
        assertThat(read.json()).isEqualTo(job);
        assertThat(api.get("/api/v1/jobs")
                        .json()
                        .get("items")
                        .valueStream()
                        .map(each -> each.at("/job/id").asString()))
                .contains("report.daily");

        Answer replaced = api.put("/api/v1/jobs/report.daily", """
                {"app": "demo", "handler": "report", "enabled": false,
                 "schedule": {"type": "FIXED_RATE", "intervalMs": 60000}, "version": 99}""");
        assertThat(replaced.status()).isEqualTo(200);
        assertThat(replaced.json().get("version").asLong()).isEqualTo(2);
        assertThat(replaced.json().get("enabled").asBoolean()).isFalse();
        JsonNode reread = api.get("/api/v1/jobs/report.daily").json();
        assertThat(reread.get("handler").asString()).isEqualTo("report");
        assertThat(reread.get("version").asLong()).isEqualTo(2);
        assertThat(reread.path("description").isNull()
                        || reread.path("description").isMissingNode())
                .isTrue();

        assertThat(api.delete("/api/v1/jobs/report.daily").status()).isEqualTo(204);
        Answer gone = api.get("/api/v1/jobs/report.daily");
        assertThat(gone.status()).isEqualTo(404);
        assertThat(gone.json().get("error").asString()).isEqualTo("job 'report.daily' does not exist");
        assertThat(api.delete("/api/v1/jobs/report.daily").status()).isEqualTo(404);
    }

    @Test
    void keepsVersionsGrowingAcrossDeleteAndRecreate() {
        String body = """
                {"id": "phoenix", "app": "demo", "handler": "echo", "schedule": {"type": "NONE"}}""";
        api.post("/api/v1/jobs", body);
        api.delete("/api/v1/jobs/phoenix");

        Answer recreated = api.post("/api/v1/jobs", body);

        assertThat(recreated.status()).isEqualTo(201);
        assertThat(recreated.json().get("version").asLong()).isEqualTo(3);
    }

    @Test
    void enablesAJobUnlessToldOtherwise() {
        Answer nullEnabled = api.post("/api/v1/jobs", """
                {"id": "null-enabled", "app": "demo", "handler": "echo", "schedule": {"type": "NONE"}, "enabled": null}""");
        Answer disabled = api.post("/api/v1/jobs", """
                {"id": "disabled", "app": "demo", "handler": "echo", "schedule": {"type": "NONE"}, "enabled": false}""");

        assertThat(nullEnabled.json().get("enabled").asBoolean()).isTrue();
        assertThat(disabled.json().get("enabled").asBoolean()).isFalse();
    }

    @Test
    void refusesABadIdNamingTheField() {
        Answer answer = api.post("/api/v1/jobs", """
                {"id": "Bad Id!", "app": "demo", "handler": "echo", "schedule": {"type": "NONE"}}""");

        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.errorFields()).containsExactly("id");
        assertThat(answer.json().get("error").asString()).contains("not a valid job id");
    }

    @Test
    void refusesAnUnparsableCronNamingTheField() {
        Answer answer = api.post("/api/v1/jobs", """
                {"id": "bad-cron", "app": "demo", "handler": "echo", "schedule": {"type": "CRON", "cron": "every day"}}""");

        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.errorFields()).containsExactly("schedule.cron");
        assertThat(api.get("/api/v1/jobs/bad-cron").status()).isEqualTo(404);
    }

    @Test
    void refusesAnUnknownScheduleTypeNamingTheField() {
        Answer answer = api.post("/api/v1/jobs", """
                {"id": "hourly", "app": "demo", "handler": "echo", "schedule": {"type": "HOURLY"}}""");

        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.errorFields()).containsExactly("schedule.type");
        assertThat(answer.json().at("/fieldErrors/0/message").asString())
                .isEqualTo("'HOURLY' is not one of CRON, FIXED_RATE, FIXED_DELAY, ONCE, NONE");
    }

    @Test
    void acceptsPauseAfterFailuresAndMaxLateAndRefusesBadValuesNamingTheField() {
        Answer created = api.post("/api/v1/jobs", """
                {"id": "guarded", "app": "demo", "handler": "echo", "schedule": {"type": "FIXED_RATE", "intervalMs": 60000},
                 "pauseAfterFailures": 3, "misfire": {"strategy": "CATCH_UP", "maxLateMs": 60000}}""");
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        assertThat(created.json().get("pauseAfterFailures").asInt()).isEqualTo(3);
        assertThat(created.json().at("/misfire/maxLateMs").asLong()).isEqualTo(60_000);

        Answer replaced = api.put("/api/v1/jobs/guarded", """
                {"app": "demo", "handler": "echo", "schedule": {"type": "FIXED_RATE", "intervalMs": 60000},
                 "pauseAfterFailures": 5, "misfire": {"maxLateMs": 120000}}""");
        assertThat(replaced.status()).as(replaced.body()).isEqualTo(200);
        JsonNode reread = api.get("/api/v1/jobs/guarded").json();
        assertThat(reread.get("pauseAfterFailures").asInt()).isEqualTo(5);
        assertThat(reread.at("/misfire/maxLateMs").asLong()).isEqualTo(120_000);

        Answer cleared = api.put("/api/v1/jobs/guarded", """
                {"app": "demo", "handler": "echo", "schedule": {"type": "FIXED_RATE", "intervalMs": 60000}}""");
        assertThat(cleared.json().has("pauseAfterFailures")).isFalse();
        assertThat(cleared.json().at("/misfire").has("maxLateMs")).isFalse();

        Answer negative = api.put("/api/v1/jobs/guarded", """
                {"app": "demo", "handler": "echo", "schedule": {"type": "NONE"}, "pauseAfterFailures": -1}""");
        assertThat(negative.status()).isEqualTo(400);
        assertThat(negative.errorFields()).containsExactly("pauseAfterFailures");

        Answer tooShort = api.post("/api/v1/jobs", """
                {"id": "hasty", "app": "demo", "handler": "echo", "schedule": {"type": "NONE"},
                 "misfire": {"maxLateMs": 5}}""");
        assertThat(tooShort.status()).isEqualTo(400);
        assertThat(tooShort.errorFields()).containsExactly("misfire.maxLateMs");
        assertThat(tooShort.json().at("/fieldErrors/0/message").asString()).contains("from 1000 (1 s)");

        Answer notANumber = api.post("/api/v1/jobs", """
                {"id": "wordy", "app": "demo", "handler": "echo", "schedule": {"type": "NONE"},
                 "pauseAfterFailures": "three"}""");
        assertThat(notANumber.status()).isEqualTo(400);
        assertThat(notANumber.errorFields()).containsExactly("pauseAfterFailures");
    }

    @Test
    void refusesUnknownFieldsAndBrokenJson() {
        Answer unknownField = api.post("/api/v1/jobs", """
                {"id": "typo", "app": "demo", "handler": "echo", "schedule": {"type": "CRON", "cronn": "0 * * * * ?"}}""");
        assertThat(unknownField.status()).isEqualTo(400);
        assertThat(unknownField.errorFields()).containsExactly("schedule.cronn");

        Answer broken = api.post("/api/v1/jobs", "{\"id\": ");
        assertThat(broken.status()).isEqualTo(400);
        assertThat(broken.json().get("error").asString()).startsWith("the request body is not valid JSON");

        Answer notAnObject = api.post("/api/v1/jobs", "[]");
        assertThat(notAnObject.status()).isEqualTo(400);
    }

    @Test
    void refusesADuplicateId() {
        String body = """
                {"id": "twice", "app": "demo", "handler": "echo", "schedule": {"type": "NONE"}}""";
        assertThat(api.post("/api/v1/jobs", body).status()).isEqualTo(201);

        Answer again = api.post("/api/v1/jobs", body);

        assertThat(again.status()).isEqualTo(409);
        assertThat(again.json().get("error").asString()).contains("'twice' already exists");
    }

    @Test
    void refusesAPutWhoseIdDiffersFromThePath() {
        api.post("/api/v1/jobs", """
                {"id": "left", "app": "demo", "handler": "echo", "schedule": {"type": "NONE"}}""");

        Answer answer = api.put("/api/v1/jobs/left", """
                {"id": "right", "app": "demo", "handler": "echo", "schedule": {"type": "NONE"}}""");

        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.errorFields()).containsExactly("id");
    }

    @Test
    void answers404ForAnUnknownJob() {
        String job = """
                {"id": "ghost", "app": "demo", "handler": "echo", "schedule": {"type": "NONE"}}""";
        assertThat(api.get("/api/v1/jobs/ghost").status()).isEqualTo(404);
        assertThat(api.put("/api/v1/jobs/ghost", job).status()).isEqualTo(404);
        assertThat(api.delete("/api/v1/jobs/ghost").status()).isEqualTo(404);
        assertThat(api.post("/api/v1/jobs/ghost/run", "").status()).isEqualTo(404);
        assertThat(api.get("/api/v1/jobs/ghost/runs").status()).isEqualTo(404);
        assertThat(api.get("/api/v1/jobs/ghost/schedule/preview")
                        .json()
                        .get("error")
                        .asString())
                .isEqualTo("job 'ghost' does not exist");
    }

    @Test
    void previewsTheNextFireTimesFromTheClock() {
        api.post("/api/v1/jobs", """
                {"id": "every-second", "app": "demo", "handler": "echo",
                 "schedule": {"type": "FIXED_RATE", "intervalMs": 1000}}""");

        JsonNode preview =
                api.get("/api/v1/jobs/every-second/schedule/preview?count=3").json();

        assertThat(preview.get("from").asString()).isEqualTo("2026-03-01T10:00:00.250Z");
        assertThat(preview.get("fireTimes").valueStream().map(JsonNode::asString))
                .containsExactly("2026-03-01T10:00:01Z", "2026-03-01T10:00:02Z", "2026-03-01T10:00:03Z");
        Answer tooMany = api.get("/api/v1/jobs/every-second/schedule/preview?count=0");
        assertThat(tooMany.status()).isEqualTo(400);
        assertThat(tooMany.errorFields()).containsExactly("count");
    }

    @Test
    void refusesABadRunLimitOrRunNowBody() {
        api.post("/api/v1/jobs", """
                {"id": "limited", "app": "demo", "handler": "echo", "schedule": {"type": "NONE"}}""");

        assertThat(api.get("/api/v1/jobs/limited/runs?limit=abc").errorFields()).containsExactly("limit");
        assertThat(api.get("/api/v1/jobs/limited/runs?limit=100000").errorFields())
                .containsExactly("limit");
        assertThat(api.get("/api/v1/jobs/limited/runs").json().isEmpty()).isTrue();
        Answer badParams = api.post("/api/v1/jobs/limited/run", "{\"params\": {\"not\": \"a string\"}}");
        assertThat(badParams.status()).isEqualTo(400);
        assertThat(badParams.errorFields()).containsExactly("params");
    }

    @Test
    void servesTheConsolePage() {
        Answer page = api.get("/");

        assertThat(page.status()).isEqualTo(200);
        assertThat(page.contentType()).startsWith("text/html");
        assertThat(page.body()).contains("<title>Carillon console</title>");
        assertThat(api.get("/console/app.js").status()).isEqualTo(200);
        assertThat(api.get("/api/v1/overview").status()).isEqualTo(200);
    }
}
