package io.carillon.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.carillon.console.ApiClient.Answer;
import io.carillon.testkit.SettableClock;
import io.carillon.testkit.TopicReader;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.NodeState;
import io.carillon.topics.events.NodeStatus;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.WorkflowCommand;
import io.carillon.topics.events.WorkflowCommandType;
import io.carillon.topics.events.WorkflowDefinition;
import io.carillon.topics.events.WorkflowEvent;
import io.carillon.topics.events.WorkflowEventType;
import io.carillon.topics.events.WorkflowInstanceStatus;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.AfterAll;
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
 * Workflows on the real console, PostgreSQL and broker: saved (versioned, audited, published to the workflows
 * topic), refused with 400s naming the node, read per app; start, retry, skip and cancel written to the engine's
 * inbox; instances as the engine's workflow.events tell them, a replayed older event changing nothing.
 */
@ExtendWith(ConsoleTestEnvironment.DropDatabase.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@DirtiesContext
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class WorkflowsIT {

    private static final ConsoleTestEnvironment environment = new ConsoleTestEnvironment();
    private static final Instant NOW = Instant.parse("2026-05-01T12:00:00Z");
    private static final Duration DEADLINE = Duration.ofSeconds(30);
    private static final String PASSWORD = "a-long-enough-password";
    private static final String PIPELINE = """
            {"description": "nightly pipeline", "schedule": {"type": "CRON", "cron": "0 0 2 * * ?", "zone": "UTC"},
             "nodes": [
               {"id": "extract-a", "app": "etl", "handler": "extract", "params": "a"},
               {"id": "extract-b", "app": "etl", "handler": "extract", "params": "b"},
               {"id": "transform", "app": "etl", "handler": "transform", "retry": {"maxAttempts": 3}},
               {"id": "notify", "app": "etl", "handler": "notify"}],
             "edges": [
               {"from": "extract-a", "to": "transform"},
               {"from": "extract-b", "to": "transform"},
               {"from": "transform", "to": "notify", "when": "ENDED"}]}""";

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
    ApiClient etlOperator;
    ApiClient otherViewer;
    TopicReader<WorkflowDefinition> definitions;
    TopicReader<WorkflowCommand> commands;
    Producer<String, byte[]> producer;
    final List<ConsumerRecord<String, WorkflowDefinition>> seenDefinitions = new ArrayList<>();
    final List<WorkflowCommand> seenCommands = new ArrayList<>();

    @BeforeAll
    void usersAndReaders() {
        admin = new ApiClient(port);
        admin.post("/api/v1/users", """
                {"name": "etl-op", "password": "%s", "grants": [{"role": "OPERATOR", "app": "etl"}]}""".formatted(PASSWORD));
        admin.post("/api/v1/users", """
                {"name": "billing-viewer", "password": "%s", "grants": [{"role": "VIEWER", "app": "billing"}]}""".formatted(PASSWORD));
        etlOperator = admin.as("etl-op", PASSWORD);
        otherViewer = admin.as("billing-viewer", PASSWORD);
        definitions = new TopicReader<>(environment.catalog.workflows(), EventSerdes.WORKFLOW.deserializer());
        commands =
                new TopicReader<>(environment.catalog.workflowCommands(), EventSerdes.WORKFLOW_COMMAND.deserializer());
        producer = ConsoleTestEnvironment.producer();
    }

    @AfterAll
    void close() {
        definitions.close();
        commands.close();
        producer.close();
    }

    @Test
    void anOperatorOfItsAppSavesAWorkflowWhichIsVersionedAuditedAndPublished() {
        Answer saved = etlOperator.put("/api/v1/workflows/nightly", PIPELINE);

        assertThat(saved.status()).as(saved.body()).isEqualTo(200);
        JsonNode view = etlOperator.get("/api/v1/workflows/nightly").json();
        assertThat(view.get("workflow").get("version").asLong()).isEqualTo(1);
        assertThat(view.get("workflow").get("enabled").asBoolean()).isTrue();
        assertThat(view.get("apps").get(0).asString()).isEqualTo("etl");
        assertThat(view.get("updatedBy").asString()).isEqualTo("etl-op");
        assertThat(etlOperator
                        .put("/api/v1/workflows/nightly", PIPELINE)
                        .json()
                        .get("workflow")
                        .get("version")
                        .asLong())
                .isEqualTo(2);
        WorkflowDefinition published = awaitLatestDefinition("nightly");
        assertThat(published.version()).isEqualTo(2);
        assertThat(published.nodes()).hasSize(4);
        assertThat(published.edgesInto("transform")).hasSize(2);
        assertThat(jdbc.sql("SELECT count(*) FROM audit_log WHERE action = 'WORKFLOW_SAVE' AND target = 'nightly'")
                        .query(Long.class)
                        .single())
                .isEqualTo(2);

        assertThat(otherViewer.get("/api/v1/workflows/nightly").status()).isEqualTo(403);
        assertThat(otherViewer.get("/api/v1/workflows").json().size()).isZero();
        assertThat(etlOperator
                        .get("/api/v1/workflows")
                        .json()
                        .get(0)
                        .get("workflow")
                        .get("id")
                        .asString())
                .isEqualTo("nightly");
        assertThat(admin.get("/api/v1/workflows/nope").status()).isEqualTo(404);
    }

    @Test
    void aCycleAnUnknownJobAndAnUnknownFieldAreRefusedNamingTheNode() {
        Answer cycle = admin.put("/api/v1/workflows/loop", """
                {"nodes": [{"id": "a", "app": "etl", "handler": "x"}, {"id": "b", "app": "etl", "handler": "y"},
                           {"id": "c", "app": "etl", "handler": "z"}],
                 "edges": [{"from": "a", "to": "b"}, {"from": "b", "to": "c"}, {"from": "c", "to": "b"}]}""");
        assertThat(cycle.status()).as(cycle.body()).isEqualTo(400);
        assertThat(cycle.body()).contains("is on a cycle");

        Answer unknownJob = admin.put("/api/v1/workflows/uses-a-job", """
                {"nodes": [{"id": "first", "jobId": "no-such-job"}]}""");
        assertThat(unknownJob.status()).as(unknownJob.body()).isEqualTo(400);
        assertThat(unknownJob.errorFields()).containsExactly("nodes[0].jobId");
        assertThat(unknownJob.body()).contains("first").contains("no-such-job");

        Answer typo = admin.put("/api/v1/workflows/typo", """
                {"nodes": [{"id": "first", "app": "etl", "hadler": "x"}]}""");
        assertThat(typo.status()).isEqualTo(400);
        assertThat(typo.errorFields()).containsExactly("nodes[0].hadler");

        assertThat(jdbc.sql("SELECT count(*) FROM workflows WHERE id IN ('loop', 'uses-a-job', 'typo')")
                        .query(Long.class)
                        .single())
                .isZero();
    }

    @Test
    void anInlineNodesJobIdAndAnExistingJobMayNotCollide() {
        Answer job = admin.post("/api/v1/jobs", """
                {"id": "taken.load", "app": "etl", "handler": "load", "schedule": {"type": "NONE"}}""");
        assertThat(job.status()).as(job.body()).isEqualTo(201);
        Answer overJob = admin.put("/api/v1/workflows/taken", """
                {"nodes": [{"id": "extract", "app": "etl", "handler": "extract"},
                           {"id": "load", "app": "etl", "handler": "load"}],
                 "edges": [{"from": "extract", "to": "load"}]}""");
        assertThat(overJob.status()).as(overJob.body()).isEqualTo(400);
        assertThat(overJob.errorFields()).containsExactly("nodes[1].id");
        assertThat(overJob.body()).contains("taken.load");

        Answer saved = admin.put("/api/v1/workflows/owns", """
                {"nodes": [{"id": "extract", "app": "etl", "handler": "extract"},
                           {"id": "named", "jobId": "taken.load"}],
                 "edges": [{"from": "extract", "to": "named"}]}""");
        assertThat(saved.status()).as(saved.body()).isEqualTo(200);
        Answer overNode = admin.post("/api/v1/jobs", """
                {"id": "owns.extract", "app": "etl", "handler": "x", "schedule": {"type": "NONE"}}""");
        assertThat(overNode.status()).as(overNode.body()).isEqualTo(400);
        assertThat(overNode.errorFields()).containsExactly("id");
        assertThat(overNode.body()).contains("inline node 'extract' of workflow 'owns'");
        assertThat(admin.post("/api/v1/jobs", """
                        {"id": "owns.named", "app": "etl", "handler": "x", "schedule": {"type": "NONE"}}""").status())
                .as("a node naming a job runs no job of its own")
                .isEqualTo(201);
    }

    @Test
    void aNodeMayRunAnExistingJobAndTheWorkflowTakesItsApp() {
        Answer job = admin.post("/api/v1/jobs", """
                {"id": "load-warehouse", "app": "warehouse", "handler": "load", "schedule": {"type": "NONE"}}""");
        assertThat(job.status()).as(job.body()).isEqualTo(201);

        Answer saved = admin.put("/api/v1/workflows/with-a-job", """
                {"nodes": [{"id": "extract", "app": "etl", "handler": "extract"},
                           {"id": "load", "jobId": "load-warehouse"}],
                 "edges": [{"from": "extract", "to": "load"}]}""");

        assertThat(saved.status()).as(saved.body()).isEqualTo(200);
        assertThat(saved.json().get("apps").valueStream().map(JsonNode::asString))
                .containsExactly("etl", "warehouse");
        assertThat(etlOperator
                        .put("/api/v1/workflows/with-a-job", "{\"nodes\": []}")
                        .status())
                .isEqualTo(403);
        assertThat(etlOperator.post("/api/v1/workflows/with-a-job/start", "").status())
                .isEqualTo(403);
    }

    @Test
    void startRetrySkipAndCancelGoToTheEnginesInboxAndInstancesShowWhatItReports() {
        assertThat(admin.put("/api/v1/workflows/reports", PIPELINE).status()).isEqualTo(200);

        Answer started = etlOperator.post("/api/v1/workflows/reports/start", "");
        assertThat(started.status()).as(started.body()).isEqualTo(202);
        String instanceId = started.json().get("instanceId").asString();
        WorkflowCommand start = awaitCommand(WorkflowCommandType.START, "reports");
        assertThat(start.requestedBy()).isEqualTo("etl-op");
        assertThat(instanceId).isEqualTo("reports@manual-" + start.commandId());

        publish(event(instanceId, 2, WorkflowInstanceStatus.RUNNING, NodeStatus.FAILED));
        publish(event(instanceId, 1, WorkflowInstanceStatus.RUNNING, NodeStatus.RUNNING));
        await().atMost(DEADLINE).untilAsserted(() -> {
            Answer instance = etlOperator.get("/api/v1/workflow-instances/" + instanceId);
            assertThat(instance.status()).isEqualTo(200);
            assertThat(instance.json().get("sequence").asLong()).isEqualTo(2);
        });
        JsonNode instance =
                etlOperator.get("/api/v1/workflow-instances/" + instanceId).json();
        assertThat(instance.get("nodes").get(2).get("status").asString()).isEqualTo("FAILED");
        assertThat(etlOperator
                        .get("/api/v1/workflows/reports/instances")
                        .json()
                        .get(0)
                        .get("instanceId")
                        .asString())
                .isEqualTo(instanceId);
        assertThat(etlOperator
                        .get("/api/v1/workflows/reports")
                        .json()
                        .get("latestInstance")
                        .get("status")
                        .asString())
                .isEqualTo("RUNNING");

        Answer retryPending = etlOperator.post("/api/v1/workflow-instances/" + instanceId + "/nodes/notify/retry", "");
        assertThat(retryPending.status()).isEqualTo(400);
        assertThat(retryPending.errorFields()).containsExactly("nodeId");
        assertThat(etlOperator
                        .post("/api/v1/workflow-instances/" + instanceId + "/nodes/transform/retry", "")
                        .status())
                .isEqualTo(202);
        WorkflowCommand retry = awaitCommand(WorkflowCommandType.RETRY_NODE, "reports");
        assertThat(retry.instanceId()).isEqualTo(instanceId);
        assertThat(retry.nodeId()).isEqualTo("transform");
        assertThat(etlOperator
                        .post("/api/v1/workflow-instances/" + instanceId + "/nodes/notify/skip", "")
                        .status())
                .isEqualTo(202);
        assertThat(awaitCommand(WorkflowCommandType.SKIP_NODE, "reports").nodeId())
                .isEqualTo("notify");
        assertThat(etlOperator
                        .post("/api/v1/workflow-instances/" + instanceId + "/cancel", "")
                        .status())
                .isEqualTo(202);
        assertThat(awaitCommand(WorkflowCommandType.CANCEL, "reports").instanceId())
                .isEqualTo(instanceId);
        assertThat(jdbc.sql("SELECT count(*) FROM audit_log WHERE action IN ('WORKFLOW_START',"
                                + " 'WORKFLOW_RETRY_NODE', 'WORKFLOW_SKIP_NODE', 'WORKFLOW_CANCEL')")
                        .query(Long.class)
                        .single())
                .isEqualTo(4);

        publish(event(instanceId, 3, WorkflowInstanceStatus.CANCELLED, NodeStatus.CANCELLED));
        await().atMost(DEADLINE)
                .untilAsserted(() -> assertThat(etlOperator
                                .get("/api/v1/workflow-instances/" + instanceId)
                                .json()
                                .get("status")
                                .asString())
                        .isEqualTo("CANCELLED"));
        assertThat(etlOperator
                        .post("/api/v1/workflow-instances/" + instanceId + "/cancel", "")
                        .status())
                .isEqualTo(400);
        assertThat(otherViewer.get("/api/v1/workflow-instances/" + instanceId).status())
                .isEqualTo(403);
        assertThat(admin.get("/api/v1/workflow-instances/nope").status()).isEqualTo(404);
    }

    @Test
    void aDeletedWorkflowLeavesATombstoneAndItsInstancesListed() {
        assertThat(admin.put("/api/v1/workflows/short-lived", PIPELINE).status())
                .isEqualTo(200);
        awaitLatestDefinition("short-lived");

        assertThat(admin.delete("/api/v1/workflows/short-lived").status()).isEqualTo(204);

        await().atMost(DEADLINE)
                .untilAsserted(() -> assertThat(latest(definitions, "short-lived"))
                        .isNotNull()
                        .extracting(ConsumerRecord::value)
                        .isNull());
        assertThat(admin.get("/api/v1/workflows/short-lived").status()).isEqualTo(404);
        assertThat(admin.delete("/api/v1/workflows/short-lived").status()).isEqualTo(404);
    }

    private WorkflowEvent event(String instanceId, long sequence, WorkflowInstanceStatus status, NodeStatus transform) {
        List<NodeState> nodes = new ArrayList<>();
        nodes.add(node("extract-a", NodeStatus.SUCCEEDED, RunStatus.SUCCEEDED));
        nodes.add(node("extract-b", NodeStatus.SUCCEEDED, RunStatus.SUCCEEDED));
        nodes.add(node("transform", transform, transform == NodeStatus.FAILED ? RunStatus.FAILED : null));
        nodes.add(NodeState.pending("notify", "reports.notify"));
        return new WorkflowEvent(
                WorkflowEvent.SCHEMA_VERSION,
                status.isEnded() ? WorkflowEventType.INSTANCE_ENDED : WorkflowEventType.NODE_CHANGED,
                "reports",
                1,
                instanceId,
                sequence,
                status,
                FireKind.MANUAL,
                null,
                NOW,
                status.isEnded() ? NOW : null,
                "transform",
                null,
                nodes,
                null,
                null,
                NOW);
    }

    private static NodeState node(String id, NodeStatus status, RunStatus runStatus) {
        return new NodeState(
                id, "reports." + id, status, 1, "run-" + id, runStatus, null, NOW, status.isDone() ? NOW : null);
    }

    private void publish(WorkflowEvent event) {
        producer.send(new ProducerRecord<>(
                environment.catalog.workflowEvents(),
                event.workflowId(),
                EventSerdes.WORKFLOW_EVENT.serialize(null, event)));
        producer.flush();
    }

    private WorkflowDefinition awaitLatestDefinition(String id) {
        List<WorkflowDefinition> found = new ArrayList<>();
        await().atMost(DEADLINE).untilAsserted(() -> {
            ConsumerRecord<String, WorkflowDefinition> record = latest(definitions, id);
            assertThat(record).isNotNull();
            assertThat(record.value()).isNotNull();
            found.add(record.value());
        });
        return found.get(found.size() - 1);
    }

    private ConsumerRecord<String, WorkflowDefinition> latest(TopicReader<WorkflowDefinition> reader, String key) {
        seenDefinitions.addAll(reader.poll());
        ConsumerRecord<String, WorkflowDefinition> latest = null;
        for (ConsumerRecord<String, WorkflowDefinition> record : seenDefinitions) {
            if (key.equals(record.key())) {
                latest = record;
            }
        }
        return latest;
    }

    private WorkflowCommand awaitCommand(WorkflowCommandType type, String workflowId) {
        List<WorkflowCommand> found = new ArrayList<>();
        await().atMost(DEADLINE).untilAsserted(() -> {
            commands.poll().forEach(record -> seenCommands.add(record.value()));
            List<WorkflowCommand> matching = seenCommands.stream()
                    .filter(command -> command.type() == type && workflowId.equals(command.workflowId()))
                    .toList();
            assertThat(matching).isNotEmpty();
            found.add(matching.get(matching.size() - 1));
        });
        return found.get(found.size() - 1);
    }
}
