package io.carillon.topics;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.topics.events.Alerting;
import io.carillon.topics.events.AppDeclarations;
import io.carillon.topics.events.Calendar;
import io.carillon.topics.events.ClaimBatch;
import io.carillon.topics.events.Concurrency;
import io.carillon.topics.events.ConcurrencyLimit;
import io.carillon.topics.events.ControlCommand;
import io.carillon.topics.events.ControlType;
import io.carillon.topics.events.DateRange;
import io.carillon.topics.events.DeadLetter;
import io.carillon.topics.events.EdgeCondition;
import io.carillon.topics.events.FireBatch;
import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.Incident;
import io.carillon.topics.events.IncidentAction;
import io.carillon.topics.events.IncidentRule;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.JobRequest;
import io.carillon.topics.events.LimitClaim;
import io.carillon.topics.events.LimitCommand;
import io.carillon.topics.events.LogLine;
import io.carillon.topics.events.NodeState;
import io.carillon.topics.events.NodeStatus;
import io.carillon.topics.events.Percentiles;
import io.carillon.topics.events.RetryPolicy;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStats;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.Schedule;
import io.carillon.topics.events.StatsScope;
import io.carillon.topics.events.StatsWindow;
import io.carillon.topics.events.TimeWindow;
import io.carillon.topics.events.Trigger;
import io.carillon.topics.events.TriggerBatch;
import io.carillon.topics.events.WhenBusy;
import io.carillon.topics.events.WorkerHeartbeat;
import io.carillon.topics.events.WorkflowCommand;
import io.carillon.topics.events.WorkflowDefinition;
import io.carillon.topics.events.WorkflowEdge;
import io.carillon.topics.events.WorkflowEvent;
import io.carillon.topics.events.WorkflowEventType;
import io.carillon.topics.events.WorkflowInstanceStatus;
import io.carillon.topics.events.WorkflowNode;
import io.carillon.topics.events.WorkflowRef;
import java.io.IOException;
import java.io.InputStream;
import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

/** Every event has a JSON Schema whose properties are exactly the record's fields, and real events satisfy it. */
class EventSchemasTest {

    private static final Instant T = Instant.parse("2026-11-22T10:00:00Z");
    private static final JobDefinition JOB = JobDefinition.builder("nightly-report")
            .app("reports")
            .handler("render")
            .schedule(Schedule.cron("0 0 2 * * ?", "Europe/Berlin")
                    .skipping(List.of("holidays-de"))
                    .onlyOn("business-days"))
            .params("{\"day\":1}")
            .alerting(new Alerting(
                    true, 3, 2, false, 30_000L, null, null, null, null, null, null, null, null, null, null))
            .build();
    private static final JobDefinition LIMITED_JOB = JobDefinition.builder("import")
            .app("reports")
            .handler("import")
            .concurrency(new Concurrency("warehouse-db", WhenBusy.SKIP))
            .build();
    private static final FireEvent LIMITED_FIRE =
            FireEvent.of(LIMITED_JOB, "import@1", T, FireKind.SCHEDULED, 1, null, null, T);
    private static final Trigger TRIGGER = new Trigger(
            1,
            "nightly-report@1#0",
            "nightly-report@1",
            "nightly-report",
            "reports",
            "render",
            null,
            FireKind.SCHEDULED,
            1,
            T,
            T,
            0,
            1,
            null,
            0,
            "w-1",
            null);

    private static final WorkflowRef REF =
            new WorkflowRef("nightly-pipeline", "nightly-pipeline@1", "load", 1, Map.of("transform", "{\"rows\":3}"));
    private static final WorkflowDefinition WORKFLOW = WorkflowDefinition.builder("nightly-pipeline")
            .apps(List.of("reports"))
            .schedule(Schedule.cron("0 0 2 * * ?", "Europe/Berlin"))
            .maxDurationMs(3_600_000L)
            .nodes(List.of(
                    WorkflowNode.ofJob("extract", "nightly-report"),
                    WorkflowNode.inline("load", "reports", "load").withRetry(new RetryPolicy(3, 1_000, 2, 0)),
                    WorkflowNode.inline("notify", "reports", "notify")))
            .edges(List.of(WorkflowEdge.of("extract", "load"), new WorkflowEdge("load", "notify", EdgeCondition.ENDED)))
            .build();

    static Stream<Arguments> events() {
        return Stream.of(
                Arguments.of("job-definition", JOB),
                Arguments.of("job-request", JobRequest.runNow("r-1", "nightly-report", null, "alice", T)),
                Arguments.of(
                        "fire-event", FireEvent.of(JOB, "nightly-report@1", T, FireKind.SCHEDULED, 1, null, null, T)),
                Arguments.of("trigger", TRIGGER),
                Arguments.of("trigger-batch", new TriggerBatch(List.of(TRIGGER, TRIGGER))),
                Arguments.of(
                        "fire-batch",
                        new FireBatch(List.of(
                                FireEvent.of(JOB, "nightly-report@1", T, FireKind.SCHEDULED, 1, null, null, T)))),
                Arguments.of("run-result", RunResult.of(TRIGGER, "w-1", RunStatus.SUCCEEDED, T, T, "ok", null, T)),
                Arguments.of(
                        "claim-batch",
                        new ClaimBatch(
                                List.of(RunResult.of(
                                        TRIGGER, "w-1", RunStatus.STARTED, null, null, "claimed", null, T)),
                                "w-1",
                                T)),
                Arguments.of(
                        "worker-heartbeat",
                        new WorkerHeartbeat(
                                1,
                                "w-1",
                                "reports",
                                List.of("render"),
                                4,
                                1,
                                List.of(0, 1),
                                1000,
                                T,
                                T,
                                2,
                                0,
                                List.of("nightly-report"))),
                Arguments.of(
                        "log-line", new LogLine(1, "nightly-report@1#0", "nightly-report", "w-1", 0, T, "INFO", "hi")),
                Arguments.of(
                        "control-command",
                        new ControlCommand(
                                1,
                                "c-1",
                                ControlType.KILL,
                                "nightly-report@1#0",
                                "nightly-report",
                                "reports",
                                "w-1",
                                "alice",
                                T)),
                Arguments.of(
                        "dead-letter", new DeadLetter(1, "carillon.requests", 0, 5, "k", "{", "bad", "planner", T)),
                Arguments.of(
                        "run-stats",
                        new RunStats(
                                1,
                                StatsScope.JOB,
                                "nightly-report",
                                "reports",
                                StatsWindow.MINUTE,
                                T,
                                T.plusSeconds(60),
                                2,
                                Map.of(RunStatus.FAILED, 2L),
                                Map.of(FireKind.SCHEDULED, 1L, FireKind.RETRY, 1L),
                                1,
                                0,
                                new Percentiles(2, 10, 20, 20, 20),
                                new Percentiles(2, 5, 7, 7, 7),
                                T)),
                Arguments.of(
                        "incident",
                        new Incident(
                                1,
                                "failed:nightly-report:nightly-report@1",
                                IncidentAction.OPENED,
                                IncidentRule.FAILED,
                                "reports",
                                "nightly-report",
                                T,
                                T,
                                1,
                                "nightly-report@1",
                                "1 fire in a row failed")),
                Arguments.of(
                        "incident",
                        new Incident(
                                1,
                                "workflow-overrun:nightly-pipeline@1",
                                IncidentAction.OPENED,
                                IncidentRule.WORKFLOW_OVERRUN,
                                "reports",
                                null,
                                T,
                                T,
                                1,
                                "nightly-pipeline@1",
                                "running for longer than 3600000 ms")),
                Arguments.of("workflow-definition", WORKFLOW),
                Arguments.of(
                        "workflow-command",
                        WorkflowCommand.nodeEnded(
                                RunResult.of(
                                                new Trigger(
                                                        1,
                                                        "r#0",
                                                        "r",
                                                        "nightly-pipeline.load",
                                                        "reports",
                                                        "load",
                                                        null,
                                                        FireKind.WORKFLOW,
                                                        1,
                                                        T,
                                                        T,
                                                        0,
                                                        1,
                                                        null,
                                                        0,
                                                        "w-1",
                                                        null,
                                                        T,
                                                        REF),
                                                "w-1",
                                                RunStatus.SUCCEEDED,
                                                T,
                                                T,
                                                "ok",
                                                null,
                                                T)
                                        .withOutput("{\"loaded\":3}"),
                                "planner",
                                T)),
                Arguments.of(
                        "workflow-event",
                        new WorkflowEvent(
                                1,
                                WorkflowEventType.NODE_CHANGED,
                                "nightly-pipeline",
                                1,
                                "nightly-pipeline@1",
                                3,
                                WorkflowInstanceStatus.RUNNING,
                                FireKind.SCHEDULED,
                                T,
                                T,
                                null,
                                "load",
                                "{\"loaded\":3}",
                                List.of(
                                        new NodeState(
                                                "load",
                                                "nightly-pipeline.load",
                                                NodeStatus.SUCCEEDED,
                                                1,
                                                "r#0",
                                                RunStatus.SUCCEEDED,
                                                null,
                                                T,
                                                T),
                                        NodeState.pending("notify", "nightly-pipeline.notify")),
                                null,
                                null,
                                T)),
                Arguments.of(
                        "fire-event",
                        FireEvent.of(JOB, "r", T, FireKind.WORKFLOW, 1, null, null, T)
                                .withWorkflow(REF)),
                Arguments.of("job-request", JobRequest.workflowNode("nightly-pipeline.load", null, REF, "engine", T)),
                Arguments.of("job-definition", WORKFLOW.nodes().get(1).toJob(WORKFLOW)),
                Arguments.of(
                        "app-declarations",
                        new AppDeclarations(
                                1,
                                "reports",
                                "2.4.1",
                                "w-1",
                                T,
                                List.of(JOB),
                                List.of(WORKFLOW),
                                List.of(Calendar.named("holidays-de", "Europe/Berlin")
                                        .withDates(List.of(LocalDate.parse("2026-12-25")))),
                                List.of(ConcurrencyLimit.of("warehouse-db", 4)))),
                Arguments.of(
                        "calendar",
                        Calendar.named("holidays-de", "Europe/Berlin")
                                .withDescription("Feiertage")
                                .withDates(List.of(LocalDate.parse("2026-12-25")))
                                .withRanges(List.of(
                                        new DateRange(LocalDate.parse("2026-12-24"), LocalDate.parse("2026-12-31"))))
                                .withWeekdays(List.of(DayOfWeek.SATURDAY))
                                .withTimes(List.of(new TimeWindow(LocalTime.of(22, 0), LocalTime.of(6, 0))))),
                Arguments.of("job-definition", LIMITED_JOB),
                Arguments.of("fire-event", LIMITED_FIRE),
                Arguments.of(
                        "concurrency-limit",
                        ConcurrencyLimit.of("warehouse-db", 4).withDescription("imports")),
                Arguments.of("limit-command", LimitCommand.acquire(LIMITED_FIRE, "dispatcher", T)),
                Arguments.of("limit-command", LimitCommand.release("warehouse-db", "import@1", "import", "planner", T)),
                Arguments.of(
                        "limit-command",
                        LimitCommand.withdraw("warehouse-db", "import", FireKind.SCHEDULED, "paused", "planner", T)),
                Arguments.of(
                        "run-result",
                        RunResult.ofUnrunFire(
                                LIMITED_FIRE.withLimit(LIMITED_FIRE.limit().grant()), RunStatus.NO_WORKER, "none", T)),
                Arguments.of(
                        "run-result",
                        RunResult.ofUnrunFire(LIMITED_FIRE, RunStatus.WAITING, "waiting for limit warehouse-db", T)));
    }

    @ParameterizedTest
    @MethodSource("events")
    void schemaMatchesTheRecordAndTheEventSatisfiesIt(String schemaName, Record event) throws IOException {
        JsonNode schema = readSchema(schemaName);
        Set<String> schemaProperties = new TreeSet<>(schema.get("properties").propertyNames());
        Set<String> recordFields = new TreeSet<>(Arrays.stream(event.getClass().getRecordComponents())
                .map(component -> component.getName())
                .toList());
        assertThat(schemaProperties).as("properties of %s", schemaName).isEqualTo(recordFields);

        JsonNode json = Json.mapper().readTree(Json.mapper().writeValueAsString(event));
        List<String> missing = new ArrayList<>();
        schema.get("required").forEach(required -> {
            if (!json.has(required.asString())) {
                missing.add(required.asString());
            }
        });
        assertThat(missing).as("required fields missing from a %s", schemaName).isEmpty();
        assertThat(json.get("schemaVersion").asInt()).isEqualTo(1);
        for (Map.Entry<String, JsonNode> field : json.properties()) {
            JsonNode property = schema.get("properties").get(field.getKey());
            if (property.has("enum")) {
                assertThat(property.get("enum").values().stream()
                                .map(JsonNode::asString)
                                .toList())
                        .contains(field.getValue().asString());
            }
        }
    }

    @Test
    void theAlertingBlockOfTheJobSchemaMatchesTheAlertingRecord() throws IOException {
        JsonNode alerting =
                readSchema("job-definition").get("properties").get("alerting").get("properties");
        assertThat(new TreeSet<>(alerting.propertyNames()))
                .isEqualTo(new TreeSet<>(Arrays.stream(Alerting.class.getRecordComponents())
                        .map(component -> component.getName())
                        .toList()));
        JsonNode json = Json.mapper().readTree(Json.mapper().writeValueAsString(Alerting.builtIn()));
        assertThat(new TreeSet<>(json.propertyNames())).isEqualTo(new TreeSet<>(alerting.propertyNames()));
    }

    @Test
    void theScheduleBlockOfTheJobSchemaMatchesTheScheduleRecord() throws IOException {
        JsonNode schedule =
                readSchema("job-definition").get("properties").get("schedule").get("properties");
        assertThat(new TreeSet<>(schedule.propertyNames()))
                .isEqualTo(new TreeSet<>(Arrays.stream(Schedule.class.getRecordComponents())
                        .map(component -> component.getName())
                        .toList()));
    }

    @Test
    void theConcurrencyBlockOfTheJobSchemaMatchesTheConcurrencyRecord() throws IOException {
        JsonNode concurrency = readSchema("job-definition")
                .get("properties")
                .get("concurrency")
                .get("properties");
        assertThat(new TreeSet<>(concurrency.propertyNames()))
                .isEqualTo(new TreeSet<>(Arrays.stream(Concurrency.class.getRecordComponents())
                        .map(component -> component.getName())
                        .toList()));
        JsonNode limit = readSchema("fire-event").get("properties").get("limit").get("properties");
        assertThat(new TreeSet<>(limit.propertyNames()))
                .isEqualTo(new TreeSet<>(Arrays.stream(LimitClaim.class.getRecordComponents())
                        .map(component -> component.getName())
                        .toList()));
    }

    @Test
    void everyRunStatusIsInTheResultSchema() throws IOException {
        List<String> statuses = new ArrayList<>();
        readSchema("run-result")
                .get("properties")
                .get("status")
                .get("enum")
                .forEach(value -> statuses.add(value.asString()));
        assertThat(statuses)
                .containsExactlyElementsOf(
                        Arrays.stream(RunStatus.values()).map(Enum::name).toList());
    }

    private static JsonNode readSchema(String name) throws IOException {
        try (InputStream in = EventSchemasTest.class.getResourceAsStream("/schemas/" + name + ".schema.json")) {
            assertThat(in).as("schema file %s", name).isNotNull();
            return Json.mapper().readTree(in);
        }
    }
}
