package io.carillon.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.console.ApiClient.Answer;
import io.carillon.topics.Json;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Export and import of jobs over REST on the real console: an export imports into an empty installation (dry run
 * first), a changed document is answered with its difference and applied in one go, a bad document changes nothing
 * and names each error by its path, and both need the right grants.
 */
@ExtendWith(ConsoleTestEnvironment.DropDatabase.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@DirtiesContext
class ExchangeIT {

    private static final ConsoleTestEnvironment environment = new ConsoleTestEnvironment();
    private static final String JOB = """
            {"id": "%s", "app": "%s", "handler": "echo", "schedule": {"type": "FIXED_RATE", "intervalMs": 60000}}""";

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        environment.register(registry);
    }

    @LocalServerPort
    int port;

    @Test
    void anExportImportsIntoAnEmptyInstallationAndAChangedDocumentAppliesItsDifference() {
        ApiClient admin = new ApiClient(port);
        for (String id : List.of("ex-report", "ex-sync")) {
            admin.post("/api/v1/jobs", JOB.formatted(id, "exchange"));
        }
        admin.post("/api/v1/jobs", JOB.formatted("ex-other", "elsewhere"));

        Answer exported = admin.get("/api/v1/export?app=exchange");
        assertThat(exported.status()).isEqualTo(200);
        ObjectNode document = (ObjectNode) exported.json();
        assertThat(document.get("format").asString()).isEqualTo("carillon-jobs");
        assertThat(document.get("apps").get(0).asString()).isEqualTo("exchange");
        assertThat(ids(document.get("jobs"))).containsExactly("ex-report", "ex-sync");

        admin.delete("/api/v1/jobs/ex-report");
        admin.delete("/api/v1/jobs/ex-sync");
        JsonNode dryRun =
                admin.post("/api/v1/import?dryRun=true", document.toString()).json();
        assertThat(strings(dryRun.get("created"))).containsExactly("ex-report", "ex-sync");
        assertThat(admin.get("/api/v1/jobs/ex-report").status())
                .as("a dry run changes nothing")
                .isEqualTo(404);

        JsonNode applied = admin.post("/api/v1/import", document.toString()).json();
        assertThat(applied.get("dryRun").asBoolean()).isFalse();
        assertThat(strings(applied.get("created"))).containsExactly("ex-report", "ex-sync");
        assertThat(admin.get("/api/v1/jobs/ex-report").status()).isEqualTo(200);

        ArrayNode jobs = (ArrayNode) document.get("jobs");
        ((ObjectNode) jobs.get(0).get("schedule")).put("intervalMs", 30000);
        jobs.remove(1);
        jobs.add(Json.mapper().readTree(JOB.formatted("ex-new", "exchange")));
        JsonNode difference = admin.post("/api/v1/import?dryRun=true&prune=true", document.toString())
                .json();
        assertThat(strings(difference.get("created"))).containsExactly("ex-new");
        assertThat(difference.get("changed").get(0).get("id").asString()).isEqualTo("ex-report");
        JsonNode field = difference.get("changed").get(0).get("fields").get(0);
        assertThat(field.get("field").asString()).isEqualTo("schedule.intervalMs");
        assertThat(field.get("before").asLong()).isEqualTo(60000);
        assertThat(field.get("after").asLong()).isEqualTo(30000);
        assertThat(strings(difference.get("deleted"))).containsExactly("ex-sync");

        admin.post("/api/v1/import?prune=true", document.toString());
        assertThat(admin.get("/api/v1/jobs/ex-sync").status()).isEqualTo(404);
        assertThat(admin.get("/api/v1/jobs/ex-report")
                        .json()
                        .get("schedule")
                        .get("intervalMs")
                        .asLong())
                .isEqualTo(30000);
        assertThat(admin.get("/api/v1/jobs/ex-other").status())
                .as("another app is left alone")
                .isEqualTo(200);
        JsonNode audit = admin.get("/api/v1/audit?action=JOB_IMPORT&target=exchange")
                .json()
                .get("items");
        assertThat(audit.size()).isEqualTo(2);
        assertThat(admin.get("/api/v1/audit?target=ex-new")
                        .json()
                        .get("items")
                        .get(0)
                        .get("action")
                        .asString())
                .isEqualTo("JOB_CREATE");
    }

    @Test
    void refusesABadDocumentWholeNamingEachErrorByItsPath() {
        ApiClient admin = new ApiClient(port);
        Answer answer = admin.post("/api/v1/import", """
                {"format": "carillon-jobs", "version": 1, "apps": ["refused"], "jobs": [
                  {"id": "fine", "app": "refused", "handler": "echo", "schedule": {"type": "NONE"}},
                  {"id": "bad-cron", "app": "refused", "handler": "echo", "schedule": {"type": "CRON", "cron": "0 0 25 * * ?"}},
                  {"id": "fine", "app": "refused", "handler": "echo", "schedule": {"type": "NONE"}},
                  {"id": "typo", "app": "refused", "handler": "echo", "schedule": {"type": "NONE"}, "enabeld": true}
                ]}""");

        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.errorFields()).containsExactly("jobs[3].enabeld", "jobs[1].schedule.cron", "jobs[2].id");
        assertThat(admin.get("/api/v1/jobs/fine").status()).isEqualTo(404);
        assertThat(admin.post("/api/v1/import", "{\"format\": \"other\", \"version\": 2, \"jobs\": []}")
                        .errorFields())
                .containsExactly("format", "version");
    }

    @Test
    void needsReadToPreviewAndOperateToApply() {
        ApiClient admin = new ApiClient(port);
        admin.post("/api/v1/users", """
                {"name": "vic", "password": "a-long-enough-password", "grants": [{"role": "VIEWER", "app": "viewed"}]}""");
        ApiClient viewer = admin.as("vic", "a-long-enough-password");
        String document = """
                {"format": "carillon-jobs", "version": 1, "apps": ["viewed"], "jobs": [%s]}""".formatted(JOB.formatted("viewed-job", "viewed"));

        assertThat(viewer.post("/api/v1/import?dryRun=true", document).status()).isEqualTo(200);
        assertThat(viewer.post("/api/v1/import", document).status()).isEqualTo(403);
        assertThat(viewer.get("/api/v1/export?app=viewed").status()).isEqualTo(200);
        assertThat(viewer.get("/api/v1/export?app=secret").status()).isEqualTo(403);
    }

    @Test
    void workflowsTravelWithTheirJobsAndAreComparedPrunedAndCheckedByPath() {
        ApiClient admin = new ApiClient(port);
        admin.post("/api/v1/jobs", JOB.formatted("wfx-extract", "wfx"));
        String workflow = """
                {"description": "nightly", "maxDurationMs": 600000,
                 "nodes": [{"id": "extract", "jobId": "wfx-extract"}, {"id": "load", "app": "wfx", "handler": "load"}],
                 "edges": [{"from": "extract", "to": "load"}]}""";
        assertThat(admin.put("/api/v1/workflows/wfx-nightly", workflow).status())
                .isEqualTo(200);

        ObjectNode document = (ObjectNode) admin.get("/api/v1/export?app=wfx").json();
        assertThat(ids(document.get("workflows"))).containsExactly("wfx-nightly");
        assertThat(document.get("workflows").get(0).get("maxDurationMs").asLong())
                .isEqualTo(600000);

        admin.delete("/api/v1/workflows/wfx-nightly");
        admin.delete("/api/v1/jobs/wfx-extract");
        Answer dryRunAnswer = admin.post("/api/v1/import?dryRun=true", document.toString());
        assertThat(dryRunAnswer.status()).as(dryRunAnswer.body()).isEqualTo(200);
        JsonNode dryRun = dryRunAnswer.json();
        assertThat(strings(dryRun.get("created"))).containsExactly("wfx-extract");
        assertThat(strings(dryRun.get("workflows").get("created"))).containsExactly("wfx-nightly");
        assertThat(admin.get("/api/v1/workflows/wfx-nightly").status()).isEqualTo(404);

        JsonNode applied = admin.post("/api/v1/import", document.toString()).json();
        assertThat(strings(applied.get("workflows").get("created"))).containsExactly("wfx-nightly");
        JsonNode stored = admin.get("/api/v1/workflows/wfx-nightly").json().get("workflow");
        assertThat(stored.get("maxDurationMs").asLong()).isEqualTo(600000);
        assertThat(stored.get("nodes").get(0).get("jobId").asString()).isEqualTo("wfx-extract");
        JsonNode again =
                admin.post("/api/v1/import?dryRun=true", document.toString()).json();
        assertThat(strings(again.get("workflows").get("unchanged"))).containsExactly("wfx-nightly");

        ((ObjectNode) document.get("workflows").get(0)).put("description", "nightly, changed");
        JsonNode difference = admin.post("/api/v1/import", document.toString()).json();
        JsonNode changed = difference.get("workflows").get("changed").get(0);
        assertThat(changed.get("id").asString()).isEqualTo("wfx-nightly");
        assertThat(changed.get("fields").get(0).get("field").asString()).isEqualTo("description");
        assertThat(admin.get("/api/v1/workflows/wfx-nightly")
                        .json()
                        .get("workflow")
                        .get("description")
                        .asString())
                .isEqualTo("nightly, changed");

        document.putArray("workflows");
        JsonNode pruned =
                admin.post("/api/v1/import?prune=true", document.toString()).json();
        assertThat(strings(pruned.get("workflows").get("deleted"))).containsExactly("wfx-nightly");
        assertThat(admin.get("/api/v1/workflows/wfx-nightly").status()).isEqualTo(404);
        assertThat(admin.get("/api/v1/jobs/wfx-extract").status()).isEqualTo(200);
    }

    @Test
    void refusesABadWorkflowNamingItsPath() {
        ApiClient admin = new ApiClient(port);
        Answer answer = admin.post("/api/v1/import", """
                {"format": "carillon-jobs", "version": 1, "apps": ["wfbad"], "jobs": [], "workflows": [
                  {"id": "missing-job", "nodes": [{"id": "a", "jobId": "no-such-job"}]},
                  {"id": "typo", "nodes": [{"id": "a", "app": "wfbad", "hadler": "h"}]},
                  {"id": "too-short", "maxDurationMs": 10, "nodes": [{"id": "a", "app": "wfbad", "handler": "h"}]}
                ]}""");

        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.errorFields())
                .containsExactly(
                        "workflows[1].nodes[0].hadler", "workflows[0].nodes[0].jobId", "workflows[2].maxDurationMs");
        assertThat(admin.get("/api/v1/workflows/too-short").status()).isEqualTo(404);
    }

    private static List<String> ids(JsonNode jobs) {
        return jobs.valueStream().map(job -> job.get("id").asString()).toList();
    }

    private static List<String> strings(JsonNode array) {
        return array.valueStream().map(JsonNode::asString).toList();
    }
}
