package io.carillon.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.console.ApiClient.Answer;
import io.carillon.testkit.SettableClock;
import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
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
 * {@code GET /api/v1/jobs} on PostgreSQL: the summaries (schedule in words, next fire, last run, 24-hour success
 * rate, pause), each filter, keyset paging while jobs are added, 400s naming the parameter, and grants.
 */
@ExtendWith(ConsoleTestEnvironment.DropDatabase.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@DirtiesContext
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class JobListIT {

    private static final ConsoleTestEnvironment environment = new ConsoleTestEnvironment();
    private static final Instant NOW = Instant.parse("2026-05-01T12:00:00Z");
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

    @BeforeAll
    void jobsAndRuns() {
        admin = new ApiClient(port);
        admin.post("/api/v1/users", """
                {"name": "vera", "password": "%s", "grants": [{"role": "VIEWER", "app": "demo"}]}""".formatted(PASSWORD));
        create("""
                {"id": "a-report", "app": "demo", "handler": "report", "description": "Daily Revenue report",
                 "owner": "alice", "tags": ["finance", "daily"], "retry": {"maxAttempts": 3, "backoffMs": 1000},
                 "schedule": {"type": "CRON", "cron": "0 0 9 * * ?", "zone": "Europe/Berlin"}}""");
        create("""
                {"id": "b-sync", "app": "demo", "handler": "sync", "owner": "bob", "tags": ["sync"],
                 "schedule": {"type": "FIXED_RATE", "intervalMs": 60000}}""");
        create("""
                {"id": "c-billing", "app": "billing", "handler": "bill", "enabled": false,
                 "schedule": {"type": "NONE"}}""");
        create("""
                {"id": "d-paused", "app": "demo", "handler": "sync",
                 "schedule": {"type": "FIXED_RATE", "intervalMs": 1000}}""");
        assertThat(admin.post("/api/v1/jobs/d-paused/pause", """
                {"reason": "upstream outage"}""").status()).isEqualTo(202);
        run("a-report@1#0", "a-report", "SUCCEEDED", NOW.minusSeconds(3 * 3600), 40);
        run("a-report@2#0", "a-report", "FAILED", NOW.minusSeconds(2 * 3600), 10);
        run("a-report@3#0", "a-report", "SUCCEEDED", NOW.minusSeconds(3600), 5);
        run("a-report@4#0", "a-report", "SUCCEEDED", NOW.minusSeconds(600), 7);
        run("a-report@0#0", "a-report", "FAILED", NOW.minusSeconds(2 * 86_400), 1);
        run("b-sync@1#0", "b-sync", "SUCCEEDED", NOW.minusSeconds(120), 3);
        run("b-sync@2#0", "b-sync", "FAILED", NOW.minusSeconds(60), 4);
        run("b-sync@3#0", "b-sync", "STARTED", NOW.minusSeconds(30), 2);
    }

    @Test
    void saysTheScheduleInTheWordsOfTheCallersLanguage() {
        JsonNode chinese = item(
                admin.get("/api/v1/jobs?app=demo", "Accept-Language", "zh-CN,zh;q=0.9,en;q=0.8")
                        .json(),
                "a-report");
        assertThat(chinese.get("scheduleInWords").asString())
                .contains("09:00")
                .endsWith("（Europe/Berlin）")
                .doesNotContain("at ");
        JsonNode english = item(
                admin.get("/api/v1/jobs?app=demo", "Accept-Language", "en-US,en;q=0.9")
                        .json(),
                "a-report");
        assertThat(english.get("scheduleInWords").asString()).isEqualTo("at 09:00 (Europe/Berlin)");
        JsonNode unreadable = item(
                admin.get("/api/v1/jobs?app=demo", "Accept-Language", ";;;").json(), "a-report");
        assertThat(unreadable.get("scheduleInWords").asString()).isEqualTo("at 09:00 (Europe/Berlin)");
    }

    @Test
    void summarizesEachJob() {
        JsonNode page = admin.get("/api/v1/jobs?app=demo").json();
        assertThat(page.has("nextCursor")).isFalse();
        assertThat(ids(page)).containsExactly("a-report", "b-sync", "d-paused");

        JsonNode report = item(page, "a-report");
        assertThat(report.get("scheduleInWords").asString()).isEqualTo("at 09:00 (Europe/Berlin)");
        assertThat(report.get("nextFireAt").asString()).isEqualTo("2026-05-02T07:00:00Z");
        assertThat(report.get("paused").asBoolean()).isFalse();
        assertThat(report.has("pause")).isFalse();
        assertThat(report.at("/lastRun/runId").asString()).isEqualTo("a-report@4#0");
        assertThat(report.at("/lastRun/status").asString()).isEqualTo("SUCCEEDED");
        assertThat(report.at("/lastRun/scheduledAt").asString()).isEqualTo("2026-05-01T11:50:00Z");
        assertThat(report.at("/lastRun/latenessMs").asLong()).isEqualTo(7);
        assertThat(report.at("/last24h/ended").asLong()).isEqualTo(4);
        assertThat(report.at("/last24h/succeeded").asLong()).isEqualTo(3);
        assertThat(report.at("/last24h/successRate").asDouble()).isEqualTo(0.75);
        assertThat(report.at("/job/tags").valueStream().map(JsonNode::asString)).containsExactly("finance", "daily");
        assertThat(report.at("/job/retry").has("maxBackoffMs")).isFalse();
        assertThat(report.at("/job").has("params")).isFalse();

        JsonNode sync = item(page, "b-sync");
        assertThat(sync.get("nextFireAt").asString()).isEqualTo("2026-05-01T12:01:00Z");
        assertThat(sync.at("/lastRun/status").asString()).isEqualTo("STARTED");
        assertThat(sync.at("/last24h/ended").asLong()).isEqualTo(2);
        assertThat(sync.at("/last24h/successRate").asDouble()).isEqualTo(0.5);

        JsonNode paused = item(page, "d-paused");
        assertThat(paused.get("paused").asBoolean()).isTrue();
        assertThat(paused.at("/pause/reason").asString()).isEqualTo("upstream outage");
        assertThat(paused.at("/pause/by").asString()).isEqualTo("admin");
        assertThat(paused.has("nextFireAt")).isFalse();
        assertThat(paused.has("lastRun")).isFalse();
        assertThat(paused.at("/last24h/ended").asLong()).isZero();
        assertThat(paused.at("/last24h").has("successRate")).isFalse();

        JsonNode disabled = item(admin.get("/api/v1/jobs?app=billing").json(), "c-billing");
        assertThat(disabled.has("nextFireAt")).isFalse();
        assertThat(disabled.get("scheduleInWords").asString()).startsWith("never by itself");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            q=revenue                   | a-report
            q=REPORT                    | a-report
            q=-s                        | b-sync
            q=%25                       |
            enabled=false               | c-billing
            enabled=true&app=demo       | a-report b-sync d-paused
            paused=true                 | d-paused
            paused=false&app=demo       | a-report b-sync
            handler=sync                | b-sync d-paused
            type=CRON                   | a-report
            type=FIXED_RATE             | b-sync d-paused
            owner=alice                 | a-report
            tag=sync                    | b-sync
            tag=daily                   | a-report
            status=FAILED               |
            status=STARTED              | b-sync
            status=SUCCEEDED            | a-report
            app=billing                 | c-billing
            app=demo&handler=sync&q=d-  | d-paused
            app=&q=report               | a-report
            """)
    void filters(String filters, String expected) {
        Answer answer = admin.get("/api/v1/jobs?" + filters);

        assertThat(answer.status()).isEqualTo(200);
        assertThat(ids(answer.json()))
                .containsExactlyElementsOf(expected == null ? List.of() : List.of(expected.split(" ")));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "size=0, size",
        "size=501, size",
        "size=ten, size",
        "type=HOURLY, type",
        "status=DONE, status",
        "enabled=maybe, enabled",
        "tag=Not%20A%20Tag, tag",
        "app=Not%20An%20App, app",
        "cursor=%21%21, cursor",
        "cursor=Tm90IEFuIElk, cursor"
    })
    void refusesABadParameterNamingIt(String query, String field) {
        Answer answer = admin.get("/api/v1/jobs?" + query);

        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.errorFields()).containsExactly(field);
    }

    @Test
    void refusesASearchLongerThanTheLimit() {
        Answer answer = admin.get("/api/v1/jobs?q=" + "x".repeat(201));

        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.errorFields()).containsExactly("q");
    }

    @Test
    void listsOnlyTheAppsACallerMayRead() {
        ApiClient vera = admin.as("vera", PASSWORD);

        assertThat(ids(vera.get("/api/v1/jobs").json())).containsExactly("a-report", "b-sync", "d-paused");
        assertThat(vera.get("/api/v1/jobs?app=billing").status()).isEqualTo(403);
        assertThat(vera.get("/api/v1/jobs?enabled=false").json().get("items").isEmpty())
                .isTrue();
        assertThat(admin.anonymous().get("/api/v1/jobs").status()).isEqualTo(401);
    }

    @Test
    void pagesWithoutDuplicatesOrGapsWhileJobsAreAdded() {
        List<String> existing = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            existing.add("p-%03d".formatted(i * 10));
            create(paging(existing.get(i)));
        }
        List<String> seen = new ArrayList<>();
        String cursor = null;
        int added = 0;
        do {
            JsonNode page = admin.get("/api/v1/jobs?app=paging&size=7" + (cursor == null ? "" : "&cursor=" + cursor))
                    .json();
            seen.addAll(ids(page));
            cursor = page.has("nextCursor") ? page.get("nextCursor").asString() : null;
            create(paging("p-%03da".formatted(added * 37 % 300)));
            create(paging("p-000-" + added));
            added++;
        } while (cursor != null);

        Set<String> distinct = new HashSet<>(seen);
        assertThat(distinct).as("no job twice").hasSize(seen.size());
        assertThat(seen).as("every job that existed throughout").containsAll(existing);
        assertThat(seen).as("in id order").isSorted();
    }

    private String paging(String id) {
        return """
                {"id": "%s", "app": "paging", "handler": "echo", "schedule": {"type": "NONE"}}""".formatted(id);
    }

    private void create(String body) {
        Answer created = admin.post("/api/v1/jobs", body);
        assertThat(created.status()).as(created.body()).isEqualTo(201);
    }

    private void run(String runId, String jobId, String status, Instant scheduledAt, long latenessMs) {
        jdbc.sql("INSERT INTO runs (run_id, job_id, app, attempt, shard_index, shard_total, status, scheduled_at,"
                        + " started_at, finished_at, updated_at)"
                        + " VALUES (:runId, :jobId, 'demo', 1, 0, 1, :status, :scheduled, :started, :finished, :now)")
                .param("runId", runId)
                .param("jobId", jobId)
                .param("status", status)
                .param("scheduled", utc(scheduledAt))
                .param("started", utc(scheduledAt.plusMillis(latenessMs)))
                .param("finished", status.equals("STARTED") ? null : utc(scheduledAt.plusSeconds(1)))
                .param("now", utc(NOW))
                .update();
    }

    private static OffsetDateTime utc(Instant instant) {
        return instant.atOffset(ZoneOffset.UTC);
    }

    private static JsonNode item(JsonNode page, String id) {
        return page.get("items")
                .valueStream()
                .filter(item -> item.at("/job/id").asString().equals(id))
                .findFirst()
                .orElseThrow();
    }

    private static List<String> ids(JsonNode page) {
        return page.get("items")
                .valueStream()
                .map(item -> item.at("/job/id").asString())
                .toList();
    }
}
