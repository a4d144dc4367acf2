package io.carillon.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.testkit.SettableClock;
import java.time.Clock;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * GET /api/v1/forecast on the real console and PostgreSQL: the fires of the next 24 hours per minute across the
 * enabled, unpaused jobs the caller reads, the busiest minutes with their jobs, FIXED_DELAY jobs set apart.
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
        assertThat(admin.get("/api/v1/forecast").json().get("jobs").asInt())
                .as("an ADMIN reads every app")
                .isEqualTo(5);
    }

    private static void create(ApiClient client, String id, String app, String schedule, boolean enabled) {
        assertThat(client.post("/api/v1/jobs", """
                {"id": "%s", "app": "%s", "handler": "report", "enabled": %s, "schedule": %s}""".formatted(id, app, enabled, schedule))
                        .status())
                .isEqualTo(201);
    }
}
