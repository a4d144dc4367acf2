package io.carillon.planner;

import static io.carillon.planner.TestJobs.job;
import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.FireIds;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.JobRequest;
import io.carillon.topics.events.RetryPolicy;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.Schedule;
import io.carillon.topics.events.Trigger;
import io.carillon.topics.events.WorkerHeartbeat;
import io.carillon.topics.events.WorkflowCommand;
import io.carillon.topics.events.WorkflowCommandType;
import io.carillon.topics.events.WorkflowRef;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Runs of workflow nodes in the planner: a request with a workflow ref makes a WORKFLOW fire carrying it, retries
 * keep it, and the run's final end (and only that) is reported to the engine as NODE_ENDED.
 */
class WorkflowRunsTest extends PlannerTestSupport {

    private static final Instant START = Instant.parse("2026-12-01T02:00:00Z");
    private static final String WORKER = "worker-1";
    private static final WorkflowRef REF =
            new WorkflowRef("nightly", "nightly@1", "load", 1, Map.of("extract", "{\"rows\":3}"));
    private static final JobDefinition JOB = job("nightly.load", Schedule.none()).toBuilder()
            .retry(new RetryPolicy(2, 0, 1, 0))
            .workflowId("nightly")
            .build();

    @BeforeEach
    void start() {
        planner = new PlannerHarness(stateDir, START);
        planner.put(JOB);
    }

    private FireEvent requested() {
        planner.request(JobRequest.workflowNode(JOB.id(), "{\"node\":true}", REF, "workflow-engine", START));
        List<FireEvent> fires = planner.fires();
        assertThat(fires).hasSize(1);
        return fires.get(0);
    }

    private static RunResult ended(FireEvent fire, RunStatus status, String output) {
        Trigger trigger = new Trigger(
                Trigger.SCHEMA_VERSION,
                FireIds.runId(fire.fireId(), 0),
                fire.fireId(),
                fire.jobId(),
                fire.app(),
                fire.handler(),
                fire.params(),
                fire.kind(),
                fire.attempt(),
                fire.scheduledAt(),
                START,
                0,
                1,
                fire.blockStrategy(),
                fire.timeoutMs(),
                WORKER,
                fire.parentRunId(),
                fire.dueAt(),
                fire.workflow());
        return RunResult.of(trigger, WORKER, status, START, START, "done", null, START)
                .withOutput(output);
    }

    @Test
    void aRequestWithAWorkflowRefMakesAWorkflowFireCarryingIt() {
        FireEvent fire = requested();

        assertThat(fire.kind()).isEqualTo(FireKind.WORKFLOW);
        assertThat(fire.fireId()).isEqualTo("nightly@1/load/1");
        assertThat(fire.workflow()).isEqualTo(REF);
        assertThat(fire.params()).isEqualTo("{\"node\":true}");
    }

    @Test
    void aSucceededRunIsReportedAsNodeEndedWithItsOutput() {
        planner.result(ended(requested(), RunStatus.SUCCEEDED, "{\"loaded\":3}"));

        List<WorkflowCommand> commands = planner.workflowCommands();
        assertThat(commands).singleElement().satisfies(command -> {
            assertThat(command.type()).isEqualTo(WorkflowCommandType.NODE_ENDED);
            assertThat(command.workflowId()).isEqualTo("nightly");
            assertThat(command.instanceId()).isEqualTo("nightly@1");
            assertThat(command.nodeId()).isEqualTo("load");
            assertThat(command.round()).isEqualTo(1);
            assertThat(command.status()).isEqualTo(RunStatus.SUCCEEDED);
            assertThat(command.runId()).isEqualTo("nightly@1/load/1#0");
            assertThat(command.output()).isEqualTo("{\"loaded\":3}");
        });
    }

    @Test
    void aFailedRunThatIsRetriedIsNotReportedAndItsRetryKeepsTheRef() {
        planner.result(ended(requested(), RunStatus.FAILED, null));

        assertThat(planner.workflowCommands()).isEmpty();
        FireEvent retry = planner.fires().get(0);
        assertThat(retry.kind()).isEqualTo(FireKind.RETRY);
        assertThat(retry.workflow()).isEqualTo(REF);

        planner.result(ended(retry, RunStatus.FAILED, null));
        assertThat(planner.workflowCommands())
                .singleElement()
                .satisfies(command -> assertThat(command.status()).isEqualTo(RunStatus.FAILED));
    }

    @Test
    void aRunThePlannerCallsLostIsReportedOnceNoRetryIsLeft() {
        planner.put(JOB.toBuilder().retry(RetryPolicy.none()).version(2).build());
        planner.heartbeat(new WorkerHeartbeat(
                WorkerHeartbeat.SCHEMA_VERSION, WORKER, "demo", List.of("echo"), 4, 1, List.of(), 5_000, START, START));
        FireEvent fire = requested();
        planner.result(ended(fire, RunStatus.STARTED, null));

        planner.advanceCoarsely(Duration.ofSeconds(30));

        assertThat(planner.writtenResults()).extracting(RunResult::status).containsExactly(RunStatus.LOST);
        assertThat(planner.workflowCommands())
                .extracting(WorkflowCommand::status)
                .first()
                .isEqualTo(RunStatus.LOST);
    }

    @Test
    void aRunOfADeletedJobIsReportedSoTheInstanceDoesNotWait() {
        FireEvent fire = requested();
        planner.delete(JOB.id());

        planner.result(ended(fire, RunStatus.SUCCEEDED, null));

        assertThat(planner.workflowCommands()).hasSize(1);
    }

    @Test
    void aRunOfNoWorkflowIsNotReported() {
        planner.request(TestJobs.request("run-1", JOB.id(), io.carillon.topics.events.RequestType.RUN_NOW, null, null));
        FireEvent fire = planner.fires().get(0);
        assertThat(fire.kind()).isEqualTo(FireKind.MANUAL);
        assertThat(fire.workflow()).isNull();

        planner.result(ended(fire, RunStatus.SUCCEEDED, null));
        assertThat(planner.workflowCommands()).isEmpty();
    }
}
