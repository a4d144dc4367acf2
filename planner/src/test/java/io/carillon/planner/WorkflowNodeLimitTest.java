package io.carillon.planner;

import static io.carillon.planner.LimitSteps.single;
import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.topics.events.Concurrency;
import io.carillon.topics.events.ConcurrencyLimit;
import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.JobRequest;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.Schedule;
import io.carillon.topics.events.WhenBusy;
import io.carillon.topics.events.WorkflowDefinition;
import io.carillon.topics.events.WorkflowNode;
import io.carillon.topics.events.WorkflowRef;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * An inline workflow node that takes a concurrency limit: the job the engine publishes for it takes the limit, so the
 * node's runs claim it and go through the same limiter as any job's runs, sharing the limit's slots with jobs.
 */
class WorkflowNodeLimitTest extends PlannerTestSupport {

    private static final Instant START = Instant.parse("2026-12-02T02:00:00Z");
    private static final String LIMIT = "warehouse-db";
    private static final WorkflowDefinition NIGHTLY = WorkflowDefinition.builder("nightly")
            .apps(List.of("demo"))
            .schedule(Schedule.none())
            .nodes(List.of(
                    WorkflowNode.inline("load", "demo", "echo").withConcurrency(new Concurrency(LIMIT, WhenBusy.WAIT))))
            .edges(List.of())
            .build();

    private LimitSteps steps;

    @BeforeEach
    void start() {
        planner = new PlannerHarness(stateDir, START);
        steps = new LimitSteps(planner);
        planner.limit(ConcurrencyLimit.of(LIMIT, 1));
    }

    @Test
    void aNodesRunsTakeTheNodesLimitAndWaitWhileAJobHoldsIt() {
        JobDefinition nodeJob = NIGHTLY.nodes().get(0).toJob(NIGHTLY);
        assertThat(nodeJob.concurrency()).isEqualTo(new Concurrency(LIMIT, WhenBusy.WAIT));
        planner.put(nodeJob);

        FireEvent holder = steps.dueFire("import-orders", LIMIT, WhenBusy.WAIT);
        steps.acquire(holder);
        assertThat(single(steps.granted()).fireId()).isEqualTo(holder.fireId());

        FireEvent node = nodeRun(nodeJob, "nightly@1");
        assertThat(node.limit().name()).isEqualTo(LIMIT);
        steps.acquire(node);
        RunResult waiting = single(planner.writtenResults());
        assertThat(waiting.status()).isEqualTo(RunStatus.WAITING);
        assertThat(waiting.workflow().nodeId()).isEqualTo("load");
        assertThat(waiting.message()).contains(LIMIT);

        steps.run(holder, "worker-1", RunStatus.SUCCEEDED);
        FireEvent granted = single(steps.granted());
        assertThat(granted.fireId()).isEqualTo(node.fireId());
        assertThat(granted.workflow()).isEqualTo(node.workflow());

        FireEvent second = nodeRun(nodeJob, "nightly@2");
        steps.acquire(second);
        assertThat(single(planner.writtenResults()).status())
                .as("the node's running run holds the one slot")
                .isEqualTo(RunStatus.WAITING);
        steps.run(granted, "worker-1", RunStatus.SUCCEEDED);
        assertThat(single(steps.granted()).fireId()).isEqualTo(second.fireId());
    }

    /** The engine's request for a run of the node in instance {@code instanceId}: its fire. */
    private FireEvent nodeRun(JobDefinition nodeJob, String instanceId) {
        WorkflowRef ref = new WorkflowRef("nightly", instanceId, "load", 1, Map.of());
        planner.request(JobRequest.workflowNode(nodeJob.id(), null, ref, "workflow-engine", planner.clock.instant()));
        return single(planner.fires());
    }
}
