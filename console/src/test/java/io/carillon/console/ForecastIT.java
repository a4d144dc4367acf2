package io.carillon.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.testkit.SettableClock;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Instant;
import org.junit.jupiter.api.Test;
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
 * GET /api/v1/forecast on the real console and PostgreSQL: the fires of the next 24 hours per minute across the
 * enabled, unpaused jobs the caller reads, without the instants their calendars skip, the busiest minutes with their
 * jobs, FIXED_DELAY jobs set apart; and
 * GET /api/v1/forecast/past: the past 24 hours' runs as a grid of slots per job, paged, bad parameters refused.
 */
@ExtendWith(ConsoleTestEnvironment.DropDatabase.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@DirtiesContext
class ForecastIT {

    private static final ConsoleTestEnvironment environment = new ConsoleTestEnvironment();
    private static final SettableClock CLOCK = new SettableClock(Instant.parse("2026-05-01T12:00:30Z"));
    private static final int MINUTES_A_DAY = 1440;
    private static final int HOURLY_FIRES = 24;
    private static final int TEN_MINUTE_FIRES = 144;
    private static final int HOURS_A_DAY = 24;
    /** The hourly fires from 2 May 00:00 to 12:00, the end of the forecast. */
    private static final int FIRES_AFTER_MAY_DAY = 13;

    private static final int LONG_CURSOR = 257;
    private static final String PASSWORD = "a-long-enough-password";

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        environment.register(registry);
    }

    @TestConfiguration
    static class FixedClock {
        @Bean
        Clock carillonClock() {
            return CLOCK;
        }
    }

    @LocalServerPort
    int port;

    @Autowired
    JdbcClient jdbc;

    @Test
    void countsTheFiresOfEachMinuteAndNamesTheBusiest() {
        ApiClient admin = new ApiClient(port);
        create(admin, "hourly-a", "demo", "{\"type\": \"CRON\", \"cron\": \"0 0 * * * ?\"}", true);
        create(admin, "hourly-b", "demo", "{\"type\": \"CRON\", \"cron\": \"0 0 * * * ?\"}", true);
        create(admin, "ten-minutes", "demo", "{\"type\": \"FIXED_RATE\", \"intervalMs\": 600000}", true);
        create(admin, "after-each", "demo", "{\"type\": \"FIXED_DELAY\", \"intervalMs\": 600000}", true);
        create(admin, "switched-off", "demo", "{\"type\": \"CRON\", \"cron\": \"0 0 * * * ?\"}", false);
        create(admin, "held", "demo", "{\"type\": \"CRON\", \"cron\": \"0 0 * * * ?\"}", true);
        create(admin, "billing-hourly", "billing", "{\"type\": \"CRON\", \"cron\": \"0 0 * * * ?\"}", true);
        assertThat(admin.put("/api/v1/calendars/may-day", """
                        {"id": "may-day", "dates": ["2026-05-01"]}""").status()).isEqualTo(200);
        create(admin, "billing-after-may-day", "billing", """
                {"type": "CRON", "cron": "0 0 * * * ?", "skip": ["may-day"]}""", true);
        assertThat(admin.post("/api/v1/jobs/held/pause", "{\"reason\": \"held for the test\"}")
                        .status())
                .isEqualTo(202);
        assertThat(admin.post("/api/v1/users", """
                {"name": "vera", "password": "%s", "grants": [{"role": "VIEWER", "app": "demo"}]}""".formatted(PASSWORD)).status())
                .isEqualTo(201);

        JsonNode forecast = admin.as("vera", PASSWORD).get("/api/v1/forecast").json();

        assertThat(forecast.get("from").asString()).isEqualTo("2026-05-01T12:01:00Z");
        assertThat(forecast.get("to").asString()).isEqualTo("2026-05-02T12:01:00Z");
        assertThat(forecast.get("fires").size()).isEqualTo(MINUTES_A_DAY);
        assertThat(forecast.get("jobs").asInt())
                .as("enabled, unpaused and readable")
                .isEqualTo(4);
        assertThat(forecast.get("unforeseeableJobs").asInt()).isEqualTo(1);
        assertThat(forecast.get("totalFires").asLong()).isEqualTo(2 * HOURLY_FIRES + TEN_MINUTE_FIRES);
        assertThat(forecast.get("fires").get(59).asLong()).as("13:00").isEqualTo(3);
        assertThat(forecast.get("fires").get(9).asLong()).as("12:10").isEqualTo(1);
        assertThat(forecast.get("fires").get(10).asLong()).as("12:11").isZero();

        JsonNode busiest = forecast.get("peaks").get(0);
        assertThat(busiest.get("minute").asString()).isEqualTo("2026-05-01T13:00:00Z");
        assertThat(busiest.get("fires").asLong()).isEqualTo(3);
        assertThat(busiest.get("jobs").asInt()).isEqualTo(3);
        assertThat(busiest.get("jobsWithoutJitter").asInt()).isEqualTo(3);
        assertThat(busiest.get("topJobs")
                        .valueStream()
                        .map(job -> job.get("jobId").asString()))
                .containsExactly("hourly-a", "hourly-b", "ten-minutes");
        JsonNode everything = admin.get("/api/v1/forecast").json();
        assertThat(everything.get("jobs").asInt())
                .as("an ADMIN reads every app")
                .isEqualTo(6);
        assertThat(everything.get("totalFires").asLong())
                .as("the hourly fires of 1 May that the may-day calendar skips are not counted")
                .isEqualTo(3 * HOURLY_FIRES + TEN_MINUTE_FIRES + FIRES_AFTER_MAY_DAY);
        assertThat(everything.get("fires").get(59).asLong())
                .as("13:00 on 1 May")
                .isEqualTo(4);
    }

    @Test
    void gridsThePastDaysRunsOneRowPerJobAPageAtATime() {
        run("grid-a@1#0", "grid-a", "demo", "SUCCEEDED", "2026-05-01T11:10:00Z");
        run("grid-a@2#0", "grid-a", "demo", "FAILED", "2026-05-01T11:40:00Z");
        run("grid-a@3#0", "grid-a", "demo", "SUCCEEDED", "2026-05-01T11:50:00Z");
        run("grid-a@4#0", "grid-a", "demo", "STARTED", "2026-05-01T12:00:10Z");
        run("grid-b@1#0", "grid-b", "demo", "SUCCEEDED", "2026-04-30T12:59:59Z");
        run("grid-b@2#0", "grid-b", "demo", "SKIPPED", "2026-04-30T13:00:00Z");
        run("grid-c@1#0", "grid-c", "billing", "SUCCEEDED", "2026-05-01T05:00:00Z");
        run("grid-d@1#0", "grid-d", "demo", "FAILED", "2026-04-29T12:00:00Z");
        ApiClient admin = new ApiClient(port);

        JsonNode first =
                admin.get("/api/v1/forecast/past?slotMinutes=60&size=1").json();

        assertThat(first.get("from").asString()).isEqualTo("2026-04-30T13:00:00Z");
        assertThat(first.get("to").asString()).isEqualTo("2026-05-01T13:00:00Z");
        assertThat(first.get("slots").asInt()).isEqualTo(HOURS_A_DAY);
        assertThat(first.get("items").size()).isEqualTo(1);
        JsonNode row = first.get("items").get(0);
        assertThat(row.get("jobId").asString()).isEqualTo("grid-a");
        assertThat(row.get("cells").toString())
                .as("11:00 holds three runs, the failed one shown; 12:00 the started one")
                .isEqualTo("[{\"slot\":22,\"runs\":3,\"status\":\"FAILED\",\"runId\":\"grid-a@2#0\"},"
                        + "{\"slot\":23,\"runs\":1,\"status\":\"STARTED\",\"runId\":\"grid-a@4#0\"}]");
        JsonNode second = admin.get("/api/v1/forecast/past?slotMinutes=60&size=1&cursor="
                        + first.get("nextCursor").asString())
                .json();
        assertThat(second.get("items").get(0).get("cells").toString())
                .as("the run a second before the span is left out")
                .isEqualTo("[{\"slot\":0,\"runs\":1,\"status\":\"SKIPPED\",\"runId\":\"grid-b@2#0\"}]");
        JsonNode last = admin.get("/api/v1/forecast/past?slotMinutes=60&size=1&cursor=grid-b")
                .json();
        assertThat(last.get("items").get(0).get("jobId").asString()).isEqualTo("grid-c");
        assertThat(last.has("nextCursor")).as("the last page").isFalse();
        assertThat(admin.get("/api/v1/forecast/past").json().get("slots").asInt())
                .as("half-hour slots by default")
                .isEqualTo(2 * HOURS_A_DAY);

        assertThat(admin.post("/api/v1/users", """
                {"name": "gina", "password": "%s", "grants": [{"role": "VIEWER", "app": "demo"}]}""".formatted(PASSWORD)).status())
                .isEqualTo(201);
        assertThat(admin.as("gina", PASSWORD)
                        .get("/api/v1/forecast/past")
                        .json()
                        .get("items")
                        .valueStream()
                        .map(job -> job.get("jobId").asString()))
                .as("the readable jobs only")
                .containsExactly("grid-a", "grid-b");

        assertRefused(admin, "slotMinutes=7", "slotMinutes");
        assertRefused(admin, "size=0", "size");
        assertRefused(admin, "size=201", "size");
        assertRefused(admin, "size=many", "size");
        assertRefused(admin, "cursor=" + "j".repeat(LONG_CURSOR), "cursor");
    }

    private static void assertRefused(ApiClient client, String query, String field) {
        ApiClient.Answer answer = client.get("/api/v1/forecast/past?" + query);
        assertThat(answer.status()).as(query).isEqualTo(400);
        assertThat(answer.json().get("fieldErrors").get(0).get("field").asString())
                .isEqualTo(field);
    }

    private void run(String runId, String jobId, String app, String status, String scheduledAt) {
        jdbc.sql("INSERT INTO runs (run_id, fire_id, job_id, app, kind, attempt, shard_index, shard_total, status,"
                        + " scheduled_at, updated_at) VALUES (:runId, :fireId, :jobId, :app, 'SCHEDULED', 1, 0, 1,"
                        + " :status, :scheduledAt, :scheduledAt)")
                .param("runId", runId)
                .param("fireId", runId.substring(0, runId.lastIndexOf('#')))
                .param("jobId", jobId)
                .param("app", app)
                .param("status", status)
                .param("scheduledAt", Timestamp.from(Instant.parse(scheduledAt)))
                .update();
    }

    private static void create(ApiClient client, String id, String app, String schedule, boolean enabled) {
        assertThat(client.post("/api/v1/jobs", """
                {"id": "%s", "app": "%s", "handler": "report", "enabled": %s, "schedule": %s}""".formatted(id, app, enabled, schedule))
                        .status())
                .isEqualTo(201);
    }
}
