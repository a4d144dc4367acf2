package io.carillon.planner.workflow;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.topics.events.BlockStrategy;
import io.carillon.topics.events.ControlCommand;
import io.carillon.topics.events.EdgeCondition;
import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.NodeState;
import io.carillon.topics.events.NodeStatus;
import io.carillon.topics.events.RetryPolicy;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.Schedule;
import io.carillon.topics.events.WorkflowCommand;
import io.carillon.topics.events.WorkflowDefinition;
import io.carillon.topics.events.WorkflowEdge;
import io.carillon.topics.events.WorkflowEvent;
import io.carillon.topics.events.WorkflowEventType;
import io.carillon.topics.events.WorkflowInstanceStatus;
import io.carillon.topics.events.WorkflowNode;
import java.nio.file.Path;
import java.time.Duration;
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

    @Test
    void aFailureTakesTheFailedEdgeSkipsTheSucceededOneAndTheInstanceSucceedsWhenTheFailureIsHandled() {
        engine.define(workflow("branch", List.of("load", "report", "alert"), "load>report", "load>alert:FAILED")
                .build());
        start("branch", "c-1");

        engine.fail(single(engine.fires()));
        FireEvent alert = single(engine.fires());
        assertThat(alert.workflow().nodeId()).isEqualTo("alert");
        Map<String, NodeStatus> meanwhile = statuses(last(engine.events()));
        assertThat(meanwhile)
                .containsEntry("load", NodeStatus.FAILED)
                .containsEntry("report", NodeStatus.SKIPPED)
                .containsEntry("alert", NodeStatus.RUNNING);

        engine.succeed(alert);
        WorkflowEvent ended = last(engine.events());
        assertThat(ended.status()).isEqualTo(WorkflowInstanceStatus.SUCCEEDED);
    }

    @Test
    void aFailureWithNoFailedEdgeFailsTheInstanceAndTheSkipPropagates() {
        engine.define(workflow("chain", List.of("a", "b", "c", "cleanup"), "a>b", "b>c", "b>cleanup:ENDED")
                .build());
        start("chain", "c-1");
        engine.succeed(single(engine.fires()));

        engine.end(single(engine.fires()), RunStatus.TIMED_OUT, null);
        FireEvent cleanup = single(engine.fires());
        assertThat(cleanup.workflow().nodeId())
                .as("an ENDED edge runs after any end")
                .isEqualTo("cleanup");
        engine.succeed(cleanup);

        WorkflowEvent ended = last(engine.events());
        assertThat(ended.status()).isEqualTo(WorkflowInstanceStatus.FAILED);
        assertThat(ended.message()).contains("'b' failed");
        assertThat(statuses(ended)).containsEntry("c", NodeStatus.SKIPPED);
        NodeState b = ended.nodes().get(1);
        assertThat(b.runStatus()).isEqualTo(RunStatus.TIMED_OUT);
    }

    @Test
    void aRetriedNodeRunsAgainAsANewRoundAndTheInstanceCarriesOn() {
        engine.define(workflow("retry", List.of("a", "b"), "a>b").build());
        start("retry", "c-1");
        FireEvent first = single(engine.fires());
        engine.fail(first);
        assertThat(last(engine.events()).status()).isEqualTo(WorkflowInstanceStatus.FAILED);

        engine.command(
                WorkflowCommand.retryNode("c-2", "retry", "retry@manual-c-1", "a", "bob", engine.clock.instant()));
        FireEvent again = single(engine.fires());
        assertThat(again.fireId()).isEqualTo("retry@manual-c-1/a/2");
        assertThat(again.workflow().round()).isEqualTo(2);

        engine.succeed(again);
        FireEvent b = single(engine.fires());
        assertThat(b.workflow().nodeId()).isEqualTo("b");
        engine.succeed(b);
        assertThat(last(engine.events()).status()).isEqualTo(WorkflowInstanceStatus.SUCCEEDED);
    }

    @Test
    void aSkippedNodeCountsAsSucceededAndItsChildrenRun() {
        engine.define(workflow("skip", List.of("a", "b"), "a>b").build());
        start("skip", "c-1");
        engine.fail(single(engine.fires()));

        engine.command(WorkflowCommand.skipNode("c-2", "skip", "skip@manual-c-1", "a", "bob", engine.clock.instant()));

        FireEvent b = single(engine.fires());
        assertThat(b.workflow().nodeId()).isEqualTo("b");
        NodeState a = last(engine.events()).nodes().get(0);
        assertThat(a.status()).isEqualTo(NodeStatus.SUCCEEDED);
        assertThat(a.message()).isEqualTo("skipped by bob");
        engine.succeed(b);
        assertThat(last(engine.events()).status()).isEqualTo(WorkflowInstanceStatus.SUCCEEDED);
    }

    @Test
    void aCancelKillsTheRunningNodesRunsAndNothingStartsAfter() {
        engine.define(workflow("cancel", List.of("a", "b"), "a>b")
                .nodes(List.of(node("a").withRetry(new RetryPolicy(2, 1_000, 1, 0)), node("b")))
                .build());
        start("cancel", "c-1");
        FireEvent a = single(engine.fires());

        engine.command(WorkflowCommand.cancel("c-2", "cancel", "cancel@manual-c-1", "bob", engine.clock.instant()));

        assertThat(engine.kills())
                .extracting(ControlCommand::runId)
                .containsExactly("cancel@manual-c-1/a/1#0", "cancel@manual-c-1/a/1~2#0");
        WorkflowEvent ended = last(engine.events());
        assertThat(ended.status()).isEqualTo(WorkflowInstanceStatus.CANCELLED);
        assertThat(ended.requestedBy()).isEqualTo("bob");
        assertThat(statuses(ended)).containsEntry("a", NodeStatus.CANCELLED).containsEntry("b", NodeStatus.CANCELLED);

        engine.succeed(a);
        assertThat(engine.fires()).isEmpty();
        assertThat(engine.events()).isEmpty();
    }

    @Test
    void outputsReachChildrenAndGrandchildrenThroughTheContext() {
        engine.define(workflow("data", List.of("extract", "transform", "load"), "extract>transform", "transform>load")
                .build());
        start("data", "c-1");
        engine.end(single(engine.fires()), RunStatus.SUCCEEDED, "{\"rows\":3}");

        FireEvent transform = single(engine.fires());
        assertThat(transform.workflow().context()).containsExactly(Map.entry("extract", "{\"rows\":3}"));
        engine.end(transform, RunStatus.SUCCEEDED, "s3://bucket/part-0");

        FireEvent load = single(engine.fires());
        assertThat(load.workflow().context())
                .containsExactly(Map.entry("extract", "{\"rows\":3}"), Map.entry("transform", "s3://bucket/part-0"));
        WorkflowEvent changed = engine.events().stream()
                .filter(event -> "transform".equals(event.nodeId()) && event.output() != null)
                .findFirst()
                .orElseThrow();
        assertThat(changed.output()).isEqualTo("s3://bucket/part-0");
    }

    @Test
    void atMostMaxInstancesRunAndTheNextWaitsWhenSerial() {
        engine.define(workflow("serial", List.of("a")).maxInstances(1).build());
        start("serial", "c-1");
        start("serial", "c-2");

        FireEvent first = single(engine.fires());
        assertThat(first.workflow().instanceId()).isEqualTo("serial@manual-c-1");
        assertThat(engine.events())
                .filteredOn(event -> event.instanceId().equals("serial@manual-c-2"))
                .extracting(WorkflowEvent::type)
                .containsExactly(WorkflowEventType.INSTANCE_QUEUED);

        engine.succeed(first);
        FireEvent second = single(engine.fires());
        assertThat(second.workflow().instanceId()).isEqualTo("serial@manual-c-2");
    }

    @Test
    void theNextInstanceIsDiscardedOrCoversTheOldestAsTheBlockStrategySays() {
        engine.define(workflow("drop", List.of("a"))
                .maxInstances(2)
                .blockStrategy(BlockStrategy.DISCARD_LATER)
                .build());
        engine.define(workflow("cover", List.of("a"))
                .blockStrategy(BlockStrategy.COVER_EARLY)
                .build());
        start("drop", "c-1");
        start("drop", "c-2");
        start("drop", "c-3");
        assertThat(engine.fires()).hasSize(2);
        assertThat(last(engine.events())).satisfies(event -> {
            assertThat(event.instanceId()).isEqualTo("drop@manual-c-3");
            assertThat(event.status()).isEqualTo(WorkflowInstanceStatus.DISCARDED);
        });

        start("cover", "c-1");
        start("cover", "c-2");
        assertThat(nodesOf(engine.fires())).hasSize(2);
        assertThat(engine.kills()).extracting(ControlCommand::runId).containsExactly("cover@manual-c-1/a/1#0");
        assertThat(engine.events())
                .filteredOn(event -> event.type() == WorkflowEventType.INSTANCE_ENDED)
                .singleElement()
                .satisfies(event -> {
                    assertThat(event.instanceId()).isEqualTo("cover@manual-c-1");
                    assertThat(event.status()).isEqualTo(WorkflowInstanceStatus.CANCELLED);
                });
    }

    @Test
    void theScheduleStartsInstancesAtItsInstants() {
        engine.define(workflow("hourly", List.of("a"))
                .schedule(Schedule.cron("0 0 * * * ?", "UTC"))
                .build());

        engine.advanceCoarsely(Duration.ofMinutes(59));
        assertThat(engine.fires()).isEmpty();
        engine.advance(Duration.ofMinutes(1).plusSeconds(1));

        FireEvent fire = single(engine.fires());
        assertThat(fire.workflow().instanceId())
                .isEqualTo("hourly@" + START.plusSeconds(3_600).toEpochMilli());
        WorkflowEvent started = engine.events().get(0);
        assertThat(started.type()).isEqualTo(WorkflowEventType.INSTANCE_STARTED);
        assertThat(started.kind()).isEqualTo(FireKind.SCHEDULED);
        assertThat(started.scheduledAt()).isEqualTo(START.plusSeconds(3_600));
    }

    @Test
    void aRedeliveredNodeEndedChangesNothing() {
        engine.define(workflow("dup", List.of("a", "b"), "a>b").build());
        start("dup", "c-1");
        engine.succeed(single(engine.fires()));
        WorkflowCommand ended = single(engine.commands());
        assertThat(ended.status()).isEqualTo(RunStatus.SUCCEEDED);
        assertThat(single(engine.fires()).workflow().nodeId()).isEqualTo("b");
        engine.events();

        engine.command(ended);
        start("dup", "c-1");

        assertThat(engine.fires()).isEmpty();
        assertThat(engine.events()).isEmpty();
        assertThat(engine.deadLetters()).isEmpty();
    }

    @Test
    void aRunThePlannerRetriesEndsTheNodeOnlyAfterItsLastAttempt() {
        engine.define(workflow("flaky", List.of("a"))
                .nodes(List.of(node("a").withRetry(new RetryPolicy(2, 0, 1, 0))))
                .build());
        start("flaky", "c-1");
        engine.fail(single(engine.fires()));
        FireEvent retry = single(engine.fires());
        assertThat(retry.kind()).isEqualTo(FireKind.RETRY);
        assertThat(retry.workflow().nodeId()).isEqualTo("a");
        assertThat(engine.commands()).as("no NODE_ENDED while a retry follows").isEmpty();

        engine.succeed(retry);
        assertThat(last(engine.events()).status()).isEqualTo(WorkflowInstanceStatus.SUCCEEDED);
    }

    @Test
    void aNodeMayRunAnExistingJobWithItsOwnParams() {
        engine.job(JobDefinition.builder("warehouse-load")
                .app("dwh")
                .handler("load")
                .build());
        engine.define(WorkflowDefinition.builder("refs")
                .nodes(List.of(WorkflowNode.ofJob("load", "warehouse-load").withParams("{\"day\":1}")))
                .build());
        start("refs", "c-1");

        FireEvent fire = single(engine.fires());
        assertThat(fire.jobId()).isEqualTo("warehouse-load");
        assertThat(fire.app()).isEqualTo("dwh");
        assertThat(fire.params()).isEqualTo("{\"day\":1}");
    }

    @Test
    void anInvalidDefinitionOrCommandBecomesADeadLetterNamingTheProblem() {
        engine.define(workflow("loop", List.of("a", "b"), "a>b", "b>a").build());
        start("ghost", "c-1");

        assertThat(engine.deadLetters())
                .extracting(letter -> letter.reason())
                .containsExactly(
                        "nodes[0]: node 'a' is on a cycle: a -> b -> a", "workflowId: unknown workflow 'ghost'");
    }

    @Test
    void aDeletedWorkflowCancelsItsInstancesAndDeletesItsJobs() {
        engine.define(workflow("gone", List.of("a")).build());
        start("gone", "c-1");
        engine.fires();
        engine.jobs();

        engine.deleteWorkflow("gone");

        assertThat(engine.jobs()).containsExactly((JobDefinition) null);
        assertThat(last(engine.events()).status()).isEqualTo(WorkflowInstanceStatus.CANCELLED);
        assertThat(engine.kills()).hasSize(1);
    }

    private static <T> T single(List<T> values) {
        assertThat(values).hasSize(1);
        return values.get(0);
    }
}
