package io.carillon.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.console.ApiClient.Answer;
import io.carillon.testkit.SettableClock;
import java.time.Clock;
import java.time.Instant;
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
 * {@code GET /api/v1/jobs/{id}/charts} on the real console and PostgreSQL at a fixed clock: the per-minute and per-day
 * series span exactly the asked range and count the job's own finished runs only, with exact lateness percentiles; an
 * unknown job answers 404, a bad range 400 naming it, a caller who may not read the job's app 403.
 */
@ExtendWith(ConsoleTestEnvironment.DropDatabase.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@DirtiesContext
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class JobChartsIT {

    private static final ConsoleTestEnvironment environment = new ConsoleTestEnvironment();
    private static final Instant NOW = Instant.parse("2026-05-01T12:00:30Z");
    private static final String PASSWORD = "a long test password";

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        environment.register(registry);
    }

    @TestConfiguration
    static class FixedClock {
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
    void aJobsChartsCountItsOwnRunsOnly() {
        Answer created = admin.post("/api/v1/jobs", """
                {"id": "chart-job", "app": "shop", "handler": "echo",
                 "schedule": {"type": "CRON", "cron": "0 * * * * ?", "zone": "UTC"}}""");
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        Instant scheduled = Instant.parse("2026-05-01T11:40:00Z");
        RunSeeds runs = new RunSeeds(jdbc);
        runs.seed("chart-job", "SUCCEEDED", scheduled, 1, 25);
        runs.seed("chart-job", "FAILED", scheduled, 1, 75);
        runs.seed("other-job", "FAILED", scheduled, 3, 5);
        runs.seed("chart-job", "SUCCEEDED", Instant.parse("2026-04-28T09:00:00Z"), 1, 10);

        JsonNode charts =
                admin.get("/api/v1/jobs/chart-job/charts?range=1h&days=3").json();
        assertThat(charts.get("jobId").asString()).isEqualTo("chart-job");
        JsonNode minutes = charts.get("perMinute");
        assertThat(minutes.get("source").asString()).isEqualTo("RUNS");
        assertThat(Instant.parse(minutes.get("from").asString())).isEqualTo(Instant.parse("2026-05-01T11:01:00Z"));
        assertThat(Instant.parse(minutes.get("to").asString())).isEqualTo(Instant.parse("2026-05-01T12:01:00Z"));
        assertThat(minutes.get("bucketMs").asLong()).isEqualTo(60_000);
        assertThat(minutes.get("buckets")).hasSize(1);
        JsonNode bucket = minutes.get("buckets").get(0);
        assertThat(Instant.parse(bucket.get("start").asString())).isEqualTo(scheduled);
        assertThat(bucket.get("byStatus").get("SUCCEEDED").asLong()).isEqualTo(1);
        assertThat(bucket.get("byStatus").get("FAILED").asLong())
                .as("the other job's failures are not this job's")
                .isEqualTo(1);
        assertThat(bucket.get("latenessP50Ms").asLong()).isEqualTo(25);
        assertThat(bucket.get("latenessP99Ms").asLong()).isEqualTo(75);
        JsonNode days = charts.get("perDay");
        assertThat(Instant.parse(days.get("from").asString())).isEqualTo(Instant.parse("2026-04-29T00:00:00Z"));
        assertThat(Instant.parse(days.get("to").asString())).isEqualTo(Instant.parse("2026-05-02T00:00:00Z"));
        assertThat(days.get("buckets"))
                .as("a run before the asked days is left out")
                .hasSize(1);
        assertThat(days.at("/buckets/0/byStatus/FAILED").asLong()).isEqualTo(1);
    }

    @Test
    void anUnknownJobABadRangeAndAnUnreadableAppAreRefused() {
        assertThat(admin.get("/api/v1/jobs/no-such-job/charts").status()).isEqualTo(404);
        assertThat(admin.post("/api/v1/jobs", """
                        {"id": "secret-job", "app": "vault", "handler": "echo",
                         "schedule": {"type": "CRON", "cron": "0 * * * * ?", "zone": "UTC"}}""").status()).isEqualTo(201);
        Answer refused = admin.get("/api/v1/jobs/secret-job/charts?range=3x");
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.errorFields()).containsExactly("range");
        assertThat(admin.get("/api/v1/jobs/secret-job/charts?days=0").errorFields())
                .containsExactly("days");
        assertThat(admin.post("/api/v1/users", """
                        {"name": "vic", "password": "%s", "grants": [{"role": "VIEWER", "app": "shop"}]}""".formatted(PASSWORD)).status())
                .isEqualTo(201);
        assertThat(admin.as("vic", PASSWORD)
                        .get("/api/v1/jobs/secret-job/charts")
                        .status())
                .isEqualTo(403);
    }
}
