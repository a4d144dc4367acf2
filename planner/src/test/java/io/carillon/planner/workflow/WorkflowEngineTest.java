package io.carillon.planner.workflow;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.topics.events.EdgeCondition;
import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.NodeState;
import io.carillon.topics.events.NodeStatus;
import io.carillon.topics.events.Schedule;
import io.carillon.topics.events.WorkflowCommand;
import io.carillon.topics.events.WorkflowDefinition;
import io.carillon.topics.events.WorkflowEdge;
import io.carillon.topics.events.WorkflowEvent;
import io.carillon.topics.events.WorkflowEventType;
import io.carillon.topics.events.WorkflowInstanceStatus;
import io.carillon.topics.events.WorkflowNode;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The workflow engine and the planner together on TopologyTestDriver with a moved clock: the test plays the
 * dispatcher and the workers (reads fires, writes results); the engine's requests and the planner's NODE_ENDED
 * commands go round inside the topology.
 */
class WorkflowEngineTest {

    private static final Instant START = Instant.parse("2026-12-01T02:00:00Z");
    private static final String APP = "etl";

    @TempDir
    Path stateDir;

    private WorkflowHarness engine;

    @BeforeEach
    void open() {
        engine = new WorkflowHarness(stateDir, START);
    }

    @AfterEach
    void close() {
        engine.close();
    }

    private static WorkflowNode node(String id) {
        return WorkflowNode.inline(id, APP, "handle-" + id);
    }

    /** A workflow {@code id} of inline nodes named by the edges {@code "a>b"} ({@code "a>b:FAILED"} with a condition). */
    private static WorkflowDefinition.Builder workflow(String id, List<String> nodes, String... edges) {
        return WorkflowDefinition.builder(id)
                .apps(List.of(APP))
                .nodes(nodes.stream().map(WorkflowEngineTest::node).toList())
                .edges(Arrays.stream(edges)
                        .map(edge -> {
                            String[] parts = edge.split("[>:]");
                            return new WorkflowEdge(
                                    parts[0], parts[1], parts.length > 2 ? EdgeCondition.valueOf(parts[2]) : null);
                        })
                        .toList());
    }

    private void start(String workflowId, String commandId) {
        engine.command(WorkflowCommand.start(commandId, workflowId, "alice", engine.clock.instant()));
    }

    private static List<String> nodesOf(List<FireEvent> fires) {
        return fires.stream().map(fire -> fire.workflow().nodeId()).toList();
    }

    private static Map<String, NodeStatus> statuses(WorkflowEvent event) {
        return event.nodes().stream().collect(Collectors.toMap(NodeState::nodeId, NodeState::status));
    }

    private static WorkflowEvent last(List<WorkflowEvent> events) {
        assertThat(events).isNotEmpty();
        return events.get(events.size() - 1);
    }

    private static FireEvent only(List<FireEvent> fires, String nodeId) {
        return fires.stream()
                .filter(fire -> fire.workflow().nodeId().equals(nodeId))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no fire of node " + nodeId + " in " + nodesOf(fires)));
    }

    @Test
    void inlineNodesArePublishedAsJobsOfTheWorkflowAndARemovedNodesJobIsDeleted() {
        engine.define(
                workflow("nightly", List.of("extract", "load"), "extract>load").build());

        List<JobDefinition> jobs = engine.jobs();
        assertThat(jobs).extracting(JobDefinition::id).containsExactly("nightly.extract", "nightly.load");
        assertThat(jobs).allSatisfy(job -> {
            assertThat(job.workflowId()).isEqualTo("nightly");
            assertThat(job.schedule()).isEqualTo(Schedule.none());
            assertThat(job.app()).isEqualTo(APP);
        });

        engine.define(workflow("nightly", List.of("extract")).version(2).build());

        assertThat(engine.jobs())
                .containsExactly(null, jobs.get(0).toBuilder().version(2).build());
    }

    @Test
    void aFanOutAndAFanInOfThreeRunEachNodeOnceWhenItsParentsSucceeded() {
        engine.define(workflow(
                        "fan",
                        List.of("split", "a", "b", "c", "join"),
                        "split>a",
                        "split>b",
                        "split>c",
                        "a>join",
                        "b>join",
                        "c>join")
                .build());
        start("fan", "c-1");

        List<FireEvent> first = engine.fires();
        assertThat(nodesOf(first)).containsExactly("split");
        FireEvent split = first.get(0);
        assertThat(split.kind()).isEqualTo(FireKind.WORKFLOW);
        assertThat(split.jobId()).isEqualTo("fan.split");
        assertThat(split.workflow().instanceId()).isEqualTo("fan@manual-c-1");

        engine.succeed(split);
        List<FireEvent> fanned = engine.fires();
        assertThat(nodesOf(fanned)).containsExactlyInAnyOrder("a", "b", "c");

        engine.succeed(only(fanned, "a"));
        engine.succeed(only(fanned, "b"));
        assertThat(engine.fires()).as("join waits for all three").isEmpty();
        engine.succeed(only(fanned, "c"));
        List<FireEvent> joined = engine.fires();
        assertThat(nodesOf(joined)).containsExactly("join");

        engine.succeed(joined.get(0));
        WorkflowEvent ended = last(engine.events());
        assertThat(ended.type()).isEqualTo(WorkflowEventType.INSTANCE_ENDED);
        assertThat(ended.status()).isEqualTo(WorkflowInstanceStatus.SUCCEEDED);
        assertThat(statuses(ended).values()).containsOnly(NodeStatus.SUCCEEDED);
        assertThat(engine.fires()).isEmpty();
    }
}
