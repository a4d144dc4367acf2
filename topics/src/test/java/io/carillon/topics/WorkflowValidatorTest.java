package io.carillon.topics;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.topics.events.BlockStrategy;
import io.carillon.topics.events.Concurrency;
import io.carillon.topics.events.EdgeCondition;
import io.carillon.topics.events.RoutingStrategy;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.WorkflowCommand;
import io.carillon.topics.events.WorkflowCommandType;
import io.carillon.topics.events.WorkflowDefinition;
import io.carillon.topics.events.WorkflowEdge;
import io.carillon.topics.events.WorkflowNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class WorkflowValidatorTest {

    private static final Instant T = Instant.parse("2026-12-01T02:00:00Z");

    private static WorkflowDefinition.Builder pipeline() {
        return WorkflowDefinition.builder("nightly")
                .apps(List.of("etl"))
                .nodes(List.of(
                        WorkflowNode.inline("extract-a", "etl", "extract"),
                        WorkflowNode.inline("extract-b", "etl", "extract"),
                        WorkflowNode.inline("transform", "etl", "transform"),
                        WorkflowNode.ofJob("load", "warehouse-load"),
                        WorkflowNode.inline("alert", "etl", "alert")))
                .edges(List.of(
                        WorkflowEdge.of("extract-a", "transform"),
                        WorkflowEdge.of("extract-b", "transform"),
                        WorkflowEdge.of("transform", "load"),
                        new WorkflowEdge("load", "alert", EdgeCondition.FAILED)));
    }

    @Test
    void aValidPipelineHasNoErrors() {
        assertThat(WorkflowValidator.validate(pipeline().build())).isEmpty();
    }

    @Test
    void aCycleIsRefusedNamingANodeOnIt() {
        WorkflowDefinition workflow = pipeline()
                .edges(List.of(
                        WorkflowEdge.of("extract-a", "transform"),
                        WorkflowEdge.of("transform", "load"),
                        WorkflowEdge.of("load", "transform"),
                        WorkflowEdge.of("extract-b", "alert")))
                .build();

        List<FieldError> errors = WorkflowValidator.validate(workflow);

        assertThat(errors).hasSize(1);
        assertThat(errors.get(0).field()).isEqualTo("nodes[2]");
        assertThat(errors.get(0).message()).contains("'transform' is on a cycle: transform -> load -> transform");
    }

    @Test
    void aGraphThatIsOneCycleHasNoRootAndIsRefused() {
        WorkflowDefinition workflow = WorkflowDefinition.builder("loop")
                .nodes(List.of(WorkflowNode.inline("a", "etl", "h"), WorkflowNode.inline("b", "etl", "h")))
                .edges(List.of(WorkflowEdge.of("a", "b"), WorkflowEdge.of("b", "a")))
                .build();

        assertThat(WorkflowValidator.validate(workflow))
                .singleElement()
                .satisfies(error -> assertThat(error.message()).contains("'a' is on a cycle: a -> b -> a"));
    }

    @Test
    void anEdgeToAnUnknownNodeNamesItAndTheEdge() {
        WorkflowDefinition workflow = pipeline()
                .edges(List.of(WorkflowEdge.of("extract-a", "transfrom"), WorkflowEdge.of("ghost", "load")))
                .build();

        assertThat(WorkflowValidator.validate(workflow))
                .extracting(FieldError::toString)
                .containsExactly("edges[0].to: unknown node 'transfrom'", "edges[1].from: unknown node 'ghost'");
    }

    @Test
    void duplicateNodesSelfLoopsAndDuplicateEdgesAreNamed() {
        WorkflowDefinition workflow = WorkflowDefinition.builder("dupes")
                .nodes(List.of(WorkflowNode.inline("a", "etl", "h"), WorkflowNode.inline("a", "etl", "h")))
                .edges(List.of(WorkflowEdge.of("a", "a")))
                .build();

        assertThat(WorkflowValidator.validate(workflow))
                .extracting(FieldError::toString)
                .containsExactly(
                        "nodes[1].id: node 'a' is listed twice", "edges[0]: node 'a' cannot be its own parent");
    }

    @Test
    void everyNodeIsReachableInAValidDagSoOnlyCyclesLeaveNodesUnreached() {
        WorkflowDefinition workflow = WorkflowDefinition.builder("islands")
                .nodes(List.of(
                        WorkflowNode.inline("root", "etl", "h"),
                        WorkflowNode.inline("x", "etl", "h"),
                        WorkflowNode.inline("y", "etl", "h")))
                .edges(List.of(WorkflowEdge.of("x", "y"), WorkflowEdge.of("y", "x")))
                .build();

        List<FieldError> errors = WorkflowValidator.validate(workflow);

        assertThat(errors)
                .singleElement()
                .satisfies(error -> assertThat(error.message()).contains("node 'x' is on a cycle"));
    }

    @Test
    void badNodesAreNamedByIndexAndId() {
        WorkflowDefinition workflow = WorkflowDefinition.builder("bad")
                .apps(List.of("etl"))
                .nodes(List.of(
                        WorkflowNode.inline("Bad.Id", "etl", "h"),
                        WorkflowNode.inline("no-handler", "etl", " "),
                        WorkflowNode.inline("other-app", "billing", "h"),
                        new WorkflowNode("both", null, "some-job", "etl", "h", null, 0, null, null, null, null),
                        new WorkflowNode(
                                "sharded",
                                null,
                                null,
                                "etl",
                                "h",
                                null,
                                -1,
                                null,
                                RoutingStrategy.SHARDING_BROADCAST,
                                null,
                                null)))
                .build();

        assertThat(WorkflowValidator.validate(workflow))
                .extracting(FieldError::toString)
                .containsExactly(
                        "nodes[0].id: 'Bad.Id' is not a valid node id: use 1 to 64 characters of a-z, 0-9, '_' or '-',"
                                + " starting with a letter or digit",
                        "nodes[1].handler: node 'no-handler': is required (or name a job with jobId)",
                        "nodes[2].app: node 'other-app': app 'billing' is not one of the workflow's apps",
                        "nodes[3].jobId: node 'both': set either jobId or app and handler, not both",
                        "nodes[4].timeoutMs: node 'sharded': must not be negative",
                        "nodes[4].routing: node 'sharded': SHARDING_BROADCAST does not apply to a workflow node");
    }

    @Test
    void nodeCountIsBoundedAndMaxInstancesAndBlockStrategyChecked() {
        List<WorkflowNode> nodes = new ArrayList<>();
        IntStream.rangeClosed(0, WorkflowValidator.MAX_NODES)
                .forEach(i -> nodes.add(WorkflowNode.inline("n" + i, "etl", "h")));
        WorkflowDefinition workflow = WorkflowDefinition.builder("big")
                .nodes(nodes)
                .maxInstances(WorkflowValidator.MAX_CONCURRENT_INSTANCES + 1)
                .blockStrategy(BlockStrategy.PARALLEL)
                .build();

        assertThat(WorkflowValidator.validate(workflow))
                .extracting(FieldError::field)
                .containsExactly("maxInstances", "blockStrategy", "nodes");
    }

    @Test
    void maxDurationIsOptionalAndBounded() {
        WorkflowDefinition.Builder workflow =
                WorkflowDefinition.builder("timed").nodes(List.of(WorkflowNode.inline("only", "etl", "h")));

        assertThat(WorkflowValidator.validate(workflow.build())).isEmpty();
        assertThat(WorkflowValidator.validate(
                        workflow.maxDurationMs(JobValidator.MIN_MAX_RUNTIME_MS).build()))
                .isEmpty();
        assertThat(WorkflowValidator.validate(workflow.maxDurationMs(JobValidator.MIN_MAX_RUNTIME_MS - 1)
                        .build()))
                .extracting(FieldError::toString)
                .containsExactly("maxDurationMs: must be from 1000 to 2592000000 (30 days)");
        assertThat(WorkflowValidator.validate(workflow.maxDurationMs(JobValidator.MAX_MAX_RUNTIME_MS + 1)
                        .build()))
                .extracting(FieldError::field)
                .containsExactly("maxDurationMs");
    }

    @Test
    void anInlineNodeWhoseJobIdWouldBeTooLongIsRefused() {
        String longId = "w".repeat(100);
        WorkflowDefinition workflow = WorkflowDefinition.builder(longId)
                .nodes(List.of(WorkflowNode.inline("n".repeat(40), "etl", "h")))
                .build();

        assertThat(WorkflowValidator.validate(workflow))
                .singleElement()
                .satisfies(error -> assertThat(error.message()).contains("longer than 128 characters"));
    }

    @Test
    void commandsNeedTheFieldsOfTheirType() {
        assertThat(WorkflowValidator.validate(WorkflowCommand.start("c-1", "nightly", "alice", T)))
                .isEmpty();
        assertThat(WorkflowValidator.validate(WorkflowCommand.retryNode("c-2", "nightly", null, " ", "alice", T)))
                .extracting(FieldError::field)
                .containsExactly("instanceId", "nodeId");
        WorkflowCommand ended = new WorkflowCommand(
                1,
                "c-3",
                WorkflowCommandType.NODE_ENDED,
                "nightly",
                "nightly@1",
                "load",
                1,
                RunStatus.STARTED,
                "r#0",
                "x".repeat(io.carillon.topics.events.RunResult.MAX_OUTPUT_CHARS + 1),
                null,
                "planner",
                T);
        assertThat(WorkflowValidator.validate(ended))
                .extracting(FieldError::field)
                .containsExactly("status", "output");
    }

    @Test
    void anInlineNodeTakesALimitLikeAJobAndANodeThatNamesAJobTakesNone() {
        WorkflowDefinition good = WorkflowDefinition.builder("limited")
                .apps(List.of("etl"))
                .nodes(List.of(
                        WorkflowNode.inline("load", "etl", "load").withConcurrency(Concurrency.of("warehouse-db"))))
                .build();
        assertThat(WorkflowValidator.validate(good)).isEmpty();

        WorkflowDefinition bad = WorkflowDefinition.builder("limited")
                .apps(List.of("etl"))
                .nodes(List.of(
                        WorkflowNode.inline("load", "etl", "load").withConcurrency(Concurrency.of("Warehouse DB")),
                        WorkflowNode.ofJob("report", "nightly-report").withConcurrency(Concurrency.of("warehouse-db"))))
                .build();
        assertThat(WorkflowValidator.validate(bad))
                .extracting(FieldError::field)
                .containsExactly("nodes[0].concurrency.limit", "nodes[1].concurrency");
        assertThat(WorkflowValidator.validate(bad).get(0).message()).contains("node 'load'", "Warehouse DB");
        assertThat(WorkflowValidator.validate(bad).get(1).message()).contains("node 'report'", "nightly-report");
    }
}
