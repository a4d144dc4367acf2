package io.carillon.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.carillon.console.ApiClient.Answer;
import io.carillon.testkit.SettableClock;
import io.carillon.topics.events.Calendar;
import io.carillon.topics.events.Concurrency;
import io.carillon.topics.events.ConcurrencyLimit;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.Schedule;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
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
 * Calendars and concurrency limits declared by worker apps, on the real console, PostgreSQL and broker: a real worker
 * publishes them with its jobs, and the console creates them before the jobs that use them, replaces them when the
 * app's next version changes them, deletes them when it no longer declares them and nothing uses them, audits each
 * change with the app as actor, and leaves those managed in the console alone.
 */
@ExtendWith(ConsoleTestEnvironment.DropDatabase.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@DirtiesContext
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DeclaredCalendarsAndLimitsIT {

    private static final ConsoleTestEnvironment environment = new ConsoleTestEnvironment();
    private static final Instant NOW = Instant.parse("2026-05-01T12:00:00Z");
    private static final Duration DEADLINE = Duration.ofSeconds(30);
    private static final String APP = "billing";
    private static final List<String> HANDLERS = List.of("invoice");

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
    void anAppsDeclaredCalendarsAndLimitsComeBeforeItsJobsAndGoWhenNothingUsesThem() {
        Answer manual = admin.put("/api/v1/limits/by-hand", "{\"max\": 2}");
        assertThat(manual.status()).as(manual.body()).isEqualTo(200);
        Calendar holidays = Calendar.named("bank-holidays", "Europe/Berlin")
                .withDates(List.of(LocalDate.parse("2026-12-25"), LocalDate.parse("2026-12-26")));

        environment.declareAndStop(
                APP,
                "1.0.0",
                HANDLERS,
                List.of(invoices(true)),
                List.of(),
                worker -> worker.declaredCalendars(List.of(holidays))
                        .declaredLimits(List.of(
                                ConcurrencyLimit.of("ledger-db", 4).withDescription("the ledger takes four"),
                                ConcurrencyLimit.of("by-hand", 9))));

        JsonNode job = awaitOk("/api/v1/jobs/invoices");
        assertThat(job.toString()).contains("bank-holidays").contains("ledger-db");
        JsonNode calendar = awaitOk("/api/v1/calendars/bank-holidays");
        assertThat(calendar.toString()).contains("2026-12-25").contains("Europe/Berlin");
        assertThat(calendar.get("declaredBy").asString()).isEqualTo(APP);
        assertThat(calendar.get("updatedBy").asString()).isEqualTo("app " + APP);
        assertThat(awaitOk("/api/v1/limits/ledger-db").toString()).contains("\"max\":4");
        assertThat(managingApp("calendars", "bank-holidays")).isEqualTo(APP);
        assertThat(managingApp("concurrency_limits", "ledger-db")).isEqualTo(APP);
        assertThat(actors("CALENDAR_SAVE", "bank-holidays")).containsExactly("app " + APP);
        assertThat(actors("LIMIT_SAVE", "ledger-db")).containsExactly("app " + APP);
        assertThat(admin.get("/api/v1/limits/by-hand").json().toString())
                .as("a limit managed in the console is left alone")
                .contains("\"max\":2");
        assertThat(managingApp("concurrency_limits", "by-hand")).isNull();

        environment.declareAndStop(
                APP,
                "1.1.0",
                HANDLERS,
                List.of(invoices(true)),
                List.of(),
                worker -> worker.declaredCalendars(List.of(holidays.withDates(List.of(LocalDate.parse("2026-12-24")))))
                        .declaredLimits(List.of(ConcurrencyLimit.of("ledger-db", 6))));
        await().atMost(DEADLINE)
                .until(() ->
                        admin.get("/api/v1/limits/ledger-db").json().toString().contains("\"max\":6"));
        assertThat(admin.get("/api/v1/calendars/bank-holidays").json().toString())
                .contains("2026-12-24")
                .doesNotContain("2026-12-25");
        assertThat(actors("LIMIT_SAVE", "ledger-db")).containsExactly("app " + APP, "app " + APP);

        environment.declareAndStop(APP, "1.2.0", HANDLERS, List.of(invoices(false)), List.of(), worker -> {});
        await().atMost(DEADLINE)
                .until(() -> admin.get("/api/v1/limits/ledger-db").status() == 404);
        assertThat(admin.get("/api/v1/calendars/bank-holidays").status()).isEqualTo(404);
        assertThat(actors("CALENDAR_DELETE", "bank-holidays")).containsExactly("app " + APP);
        assertThat(admin.get("/api/v1/limits/by-hand").status()).isEqualTo(200);
    }

    @Test
    void aDeclaredCalendarThatJobsStillUseIsKept() {
        Calendar weekend = Calendar.named("weekend", null).withDates(List.of(LocalDate.parse("2026-06-06")));
        environment.declareAndStop(
                "shop",
                "1.0.0",
                List.of("sync"),
                List.of(),
                List.of(),
                worker -> worker.declaredCalendars(List.of(weekend)));
        awaitOk("/api/v1/calendars/weekend");
        Answer user = admin.post("/api/v1/jobs", """
                {"id": "weekend-sync", "app": "shop", "handler": "sync",
                 "schedule": {"type": "CRON", "cron": "0 0 6 * * ?", "zone": "UTC", "skip": ["weekend"]}}""");
        assertThat(user.status()).as(user.body()).isEqualTo(201);

        environment.declareAndStop("shop", "1.1.0", List.of("sync"), List.of(), List.of(), worker -> {});
        await().atMost(DEADLINE).until(() -> appliedVersion("shop").equals("1.1.0"));
        assertThat(admin.get("/api/v1/calendars/weekend").status())
                .as("a calendar a job still skips is kept")
                .isEqualTo(200);
        assertThat(managingApp("calendars", "weekend")).isEqualTo("shop");
    }

    private static JobDefinition invoices(boolean usesDeclared) {
        Schedule daily = Schedule.cron("0 0 6 * * ?", "Europe/Berlin");
        return JobDefinition.builder("invoices")
                .app(APP)
                .handler("invoice")
                .schedule(usesDeclared ? daily.skipping(List.of("bank-holidays")) : daily)
                .concurrency(usesDeclared ? Concurrency.of("ledger-db") : null)
                .build();
    }

    private JsonNode awaitOk(String path) {
        return await().atMost(DEADLINE)
                .until(
                        () -> {
                            Answer answer = admin.get(path);
                            return answer.status() == 200 ? answer.json() : null;
                        },
                        json -> json != null);
    }

    private String managingApp(String table, String id) {
        return jdbc.sql("SELECT managed_by_app FROM " + table + " WHERE id = :id")
                .param("id", id)
                .query(String.class)
                .optional()
                .orElse(null);
    }

    private String appliedVersion(String app) {
        return jdbc.sql("SELECT max(app_version) FROM app_declarations WHERE app = :app")
                .param("app", app)
                .query(String.class)
                .optional()
                .orElse("");
    }

    private List<String> actors(String action, String target) {
        return jdbc.sql("SELECT actor FROM audit_log WHERE action = :action AND target = :target ORDER BY id")
                .param("action", action)
                .param("target", target)
                .query(String.class)
                .list();
    }
}
