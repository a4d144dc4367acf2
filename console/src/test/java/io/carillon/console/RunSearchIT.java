package io.carillon.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.console.ApiClient.Answer;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
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
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * GET /api/v1/runs (filters, keyset paging while runs are inserted, bad parameters, grants) and GET
 * /api/v1/runs/{runId} (timeline, attempt chain), on runs stored in the real PostgreSQL.
 */
@ExtendWith(ConsoleTestEnvironment.DropDatabase.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@DirtiesContext
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RunSearchIT {

    private static final ConsoleTestEnvironment environment = new ConsoleTestEnvironment();
    private static final Instant BASE = Instant.parse("2026-05-01T12:00:00Z");
    private static final String PASSWORD = "a-long-enough-password";
    private static final Comparator<JsonNode> NEWEST_FIRST = Comparator.comparing(
                    (JsonNode run) -> run.hasNonNull("scheduledAt")
                            ? Instant.parse(run.get("scheduledAt").asString())
                            : Instant.MIN)
            .thenComparing(run -> run.get("runId").asString())
            .reversed();

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        environment.register(registry);
    }

    @LocalServerPort
    int port;

    @Autowired
    JdbcClient jdbc;

    ApiClient admin;
    ApiClient vera;

    @BeforeAll
    void usersAndJobs() {
        admin = new ApiClient(port);
        assertThat(admin.post("/api/v1/users", """
                {"name": "vera", "password": "%s", "grants": [{"role": "VIEWER", "app": "demo"}]}""".formatted(PASSWORD)).status())
                .isEqualTo(201);
        vera = admin.as("vera", PASSWORD);
        for (String[] job : new String[][] {
            {"d1", "demo"}, {"b1", "billing"}, {"paged", "paging"}, {"f1", "filters"}, {"f2", "filters"}
        }) {
            assertThat(admin.post("/api/v1/jobs", """
                    {"id": "%s", "app": "%s", "handler": "echo", "schedule": {"type": "NONE"}}""".formatted(job[0], job[1])).status())
                    .isEqualTo(201);
        }
    }

    @Test
    void pagesNeitherRepeatNorSkipARunWhileRunsAreInserted() {
        Set<String> initial = new HashSet<>();
        for (int i = 0; i < 50; i++) {
            initial.add(insert(new Run("paged@" + i + "#0", "paged", "paging").at(BASE.plusSeconds(i))));
        }
        for (int i = 0; i < 5; i++) {
            initial.add(insert(new Run("paged@tie" + i + "#0", "paged", "paging").at(BASE.plusSeconds(25))));
        }
        List<JsonNode> seen = new ArrayList<>();
        String cursor = null;
        int page = 0;
        do {
            JsonNode answer = admin.get("/api/v1/runs?job=paged&size=7" + (cursor == null ? "" : "&cursor=" + cursor))
                    .json();
            answer.get("items").forEach(seen::add);
            assertThat(answer.get("runs"))
                    .as("the earlier field repeats the items for one release")
                    .isEqualTo(answer.get("items"));
            cursor = answer.hasNonNull("nextCursor") ? answer.get("nextCursor").asString() : null;
            insert(new Run("paged@newer" + page + "#0", "paged", "paging").at(BASE.plusSeconds(1000 + page)));
            insert(new Run("paged@older" + page + "#0", "paged", "paging").at(BASE.minusSeconds(1000 + page)));
            insert(new Run("paged@between" + page + "#0", "paged", "paging")
                    .at(BASE.plusSeconds(page * 7L).plusMillis(500)));
            page++;
        } while (cursor != null);

        List<String> ids = seen.stream().map(run -> run.get("runId").asString()).toList();
        assertThat(ids).doesNotHaveDuplicates().containsAll(initial);
        assertThat(seen).isSortedAccordingTo(NEWEST_FIRST);
        assertThat(ids).noneMatch(id -> id.contains("newer"));
    }

    @Test
    void filtersByEveryField() {
        insert(new Run("f1@1#0", "f1", "filters")
                .status("SUCCEEDED")
                .kind("SCHEDULED")
                .instance("w1")
                .at(BASE)
                .took(200));
        insert(new Run("f1@2#0", "f1", "filters")
                .status("FAILED")
                .kind("MANUAL")
                .instance("w2")
                .at(BASE.plusSeconds(60))
                .took(1500));
        insert(new Run("f2@1#0", "f2", "filters")
                .status("TIMED_OUT")
                .kind("SCHEDULED")
                .instance("w2")
                .at(BASE.plusSeconds(120))
                .took(5000));
        insert(new Run("f2@2#0", "f2", "filters")
                .status("STARTED")
                .kind("BACKFILL")
                .instance("w1")
                .at(BASE.plusSeconds(180)));

        assertThat(search("app=filters")).containsExactly("f2@2#0", "f2@1#0", "f1@2#0", "f1@1#0");
        assertThat(search("app=filters&job=f2")).containsExactly("f2@2#0", "f2@1#0");
        assertThat(search("app=filters&status=FAILED,timed_out")).containsExactly("f2@1#0", "f1@2#0");
        assertThat(search("app=filters&kind=MANUAL")).containsExactly("f1@2#0");
        assertThat(search("app=filters&instance=w1")).containsExactly("f2@2#0", "f1@1#0");
        assertThat(search("app=filters&from=" + BASE.plusSeconds(60) + "&to=" + BASE.plusSeconds(180)))
                .containsExactly("f2@1#0", "f1@2#0");
        assertThat(search("app=filters&minDurationMs=1500")).containsExactly("f2@1#0", "f1@2#0");
        assertThat(search("app=filters&instance=w2&status=FAILED&minDurationMs=1000&kind=MANUAL"))
                .containsExactly("f1@2#0");
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', textBlock = """
            status=BOGUS                                            | status
            kind=SCHEDULED,NOPE                                     | kind
            from=yesterday                                          | from
            from=2026-05-02T00:00:00Z&to=2026-05-01T00:00:00Z       | to
            minDurationMs=-5                                        | minDurationMs
            minDurationMs=long                                      | minDurationMs
            cursor=not-a-cursor                                     | cursor
            cursor=MXxub3QtYW4taW5zdGFudHx4                         | cursor
            size=0                                                  | size
            size=501                                                | size
            status=BOGUS&from=yesterday&cursor=x                    | status,from,cursor""")
    void refusesBadParametersNamingEachField(String query, String fields) {
        Answer answer = admin.get("/api/v1/runs?" + query);

        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.errorFields()).containsExactly(fields.split(","));
    }

    @Test
    void answersOnlyTheRunsOfReadableApps() {
        insert(new Run("d1@1#0", "d1", "demo").at(BASE));
        insert(new Run("b1@1#0", "b1", "billing").at(BASE));

        assertThat(vera.get("/api/v1/runs?app=billing").status()).isEqualTo(403);
        assertThat(vera.get("/api/v1/runs?job=b1").status()).isEqualTo(403);
        assertThat(vera.get("/api/v1/runs/b1@1%230").status()).isEqualTo(403);
        assertThat(vera.get("/api/v1/runs?size=500")
                        .json()
                        .get("items")
                        .valueStream()
                        .map(run -> run.get("app").asString()))
                .containsOnly("demo");
        assertThat(searchAs(vera, "job=d1")).containsExactly("d1@1#0");
        assertThat(vera.get("/api/v1/runs/d1@1%230").status()).isEqualTo(200);
        assertThat(admin.get("/api/v1/runs?size=500")
                        .json()
                        .get("items")
                        .valueStream()
                        .map(run -> run.get("app").asString()))
                .contains("demo", "billing");
    }

    @Test
    void showsARunWithItsTimelineAndItsAttemptChain() {
        Instant scheduled = BASE.plusSeconds(5000);
        insert(new Run("d1@5000#0", "d1", "demo").status("FAILED").at(scheduled).took(100));
        insert(new Run("d1@5000~2#0", "d1", "demo")
                .status("FAILED")
                .attempt(2)
                .kind("RETRY")
                .at(scheduled)
                .took(100));
        insert(new Run("d1@5000~3#0", "d1", "demo")
                .status("SUCCEEDED")
                .attempt(3)
                .kind("RETRY")
                .at(scheduled)
                .took(250));
        insert(new Run("d1@5001#0", "d1", "demo")
                .status("FAILED")
                .at(scheduled.plusSeconds(1))
                .took(100));

        JsonNode detail = vera.get("/api/v1/runs/d1@5000~3%230").json();

        assertThat(detail.get("run").get("status").asString()).isEqualTo("SUCCEEDED");
        assertThat(detail.get("timeline").get("scheduledAt").asString()).isEqualTo(scheduled.toString());
        assertThat(detail.get("timeline").get("latenessMs").asLong()).isEqualTo(Run.LATENESS_MS);
        assertThat(detail.get("timeline").get("durationMs").asLong()).isEqualTo(250);
        assertThat(detail.get("attempts")
                        .valueStream()
                        .map(attempt -> attempt.get("runId").asString() + "="
                                + attempt.get("attempt").asInt() + ":"
                                + attempt.get("status").asString()))
                .containsExactly("d1@5000#0=1:FAILED", "d1@5000~2#0=2:FAILED", "d1@5000~3#0=3:SUCCEEDED");
        assertThat(vera.get("/api/v1/runs/d1@9999%230").status()).isEqualTo(404);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "/api/v1/runs",
        "/api/v1/runs/d1@1%230",
        "/api/v1/runs/d1@1%230/logs",
        "/api/v1/runs/d1@1%230/logs.txt",
        "/api/v1/runs/d1@1%230/logs/stream",
        "/api/v1/workers",
        "/api/v1/apps"
    })
    void refusesAnonymousCallers(String path) {
        assertThat(admin.anonymous().get(path).status()).isEqualTo(401);
    }

    private List<String> search(String query) {
        return searchAs(admin, query);
    }

    private static List<String> searchAs(ApiClient client, String query) {
        Answer answer = client.get("/api/v1/runs?" + query);
        assertThat(answer.status()).as(answer.body()).isEqualTo(200);
        return answer.json()
                .get("items")
                .valueStream()
                .map(run -> run.get("runId").asString())
                .toList();
    }

    private String insert(Run run) {
        Instant started = run.scheduledAt == null ? null : run.scheduledAt.plusMillis(Run.LATENESS_MS);
        jdbc.sql("INSERT INTO runs (run_id, fire_id, job_id, app, kind, attempt, shard_index, shard_total, status,"
                        + " instance, scheduled_at, started_at, finished_at, updated_at) VALUES (:runId, :fireId, :jobId,"
                        + " :app, :kind, :attempt, 0, 1, :status, :instance, :scheduledAt, :startedAt, :finishedAt,"
                        + " :updatedAt)")
                .param("runId", run.runId)
                .param("fireId", run.runId.substring(0, run.runId.lastIndexOf('#')))
                .param("jobId", run.jobId)
                .param("app", run.app)
                .param("kind", run.kind)
                .param("attempt", run.attempt)
                .param("status", run.status)
                .param("instance", run.instance)
                .param("scheduledAt", timestamp(run.scheduledAt))
                .param("startedAt", timestamp(started))
                .param("finishedAt", timestamp(run.tookMs == null ? null : started.plusMillis(run.tookMs)))
                .param("updatedAt", timestamp(BASE))
                .update();
        return run.runId;
    }

    private static Timestamp timestamp(Instant instant) {
        return instant == null ? null : Timestamp.from(instant);
    }

    /** A run row to insert, with defaults. */
    private static final class Run {
        static final long LATENESS_MS = 7;
        final String runId;
        final String jobId;
        final String app;
        String status = "SUCCEEDED";
        String kind = "SCHEDULED";
        String instance = "w1";
        int attempt = 1;
        Instant scheduledAt = BASE;
        Long tookMs;

        Run(String runId, String jobId, String app) {
            this.runId = runId;
            this.jobId = jobId;
            this.app = app;
        }

        Run status(String value) {
            status = value;
            return this;
        }

        Run kind(String value) {
            kind = value;
            return this;
        }

        Run instance(String value) {
            instance = value;
            return this;
        }

        Run attempt(int value) {
            attempt = value;
            return this;
        }

        Run at(Instant value) {
            scheduledAt = value;
            return this;
        }

        Run took(long value) {
            tookMs = value;
            return this;
        }
    }
}
