package io.carillon.planner.workflow;

import io.carillon.planner.PlannerSettings;
import io.carillon.planner.PlannerTopology;
import io.carillon.testkit.DrivenTopology;
import io.carillon.testkit.SettableClock;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.events.ControlCommand;
import io.carillon.topics.events.DeadLetter;
import io.carillon.topics.events.FireAction;
import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.Trigger;
import io.carillon.topics.events.WorkflowCommand;
import io.carillon.topics.events.WorkflowDefinition;
import io.carillon.topics.events.WorkflowEvent;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * The planner's topology (planner and workflow engine) in a TopologyTestDriver with a clock moved by hand; what the
 * engine writes to {@code jobs} and {@code requests} and the planner to {@code workflow.commands} is read back by the
 * topology, so a test plays only the dispatcher and the worker: it reads fires and writes results.
 */
final class WorkflowHarness implements AutoCloseable {

    static final Duration HORIZON = Duration.ofSeconds(10);
    static final Duration INTERVAL = Duration.ofMillis(100);
    static final String WORKER = "worker-1";

    final TopicCatalog catalog = TopicCatalog.defaults();
    final SettableClock clock;
    private final DrivenTopology driver;

    WorkflowHarness(Path stateDir, Instant start) {
        clock = new SettableClock(start);
        driver = new DrivenTopology(
                PlannerTopology.build(catalog, clock, new PlannerSettings(HORIZON, INTERVAL)),
                "workflow-test",
                stateDir,
                clock);
    }

    void define(WorkflowDefinition workflow) {
        driver.pipe(catalog.workflows(), workflow.id(), EventSerdes.WORKFLOW.toJson(workflow));
    }

    void deleteWorkflow(String workflowId) {
        driver.pipe(catalog.workflows(), workflowId, null);
    }

    void rawWorkflow(String key, String json) {
        driver.pipe(catalog.workflows(), key, json);
    }

    void job(JobDefinition job) {
        driver.pipe(catalog.jobs(), job.id(), EventSerdes.JOB.toJson(job));
    }

    void command(WorkflowCommand command) {
        driver.pipe(catalog.workflowCommands(), command.workflowId(), EventSerdes.WORKFLOW_COMMAND.toJson(command));
    }

    /** Reports the end of the run of {@code fire} as a worker would, with the handler's {@code output}. */
    void end(FireEvent fire, RunStatus status, String output) {
        Instant now = clock.instant();
        Trigger trigger = new Trigger(
                Trigger.SCHEMA_VERSION,
                io.carillon.topics.events.FireIds.runId(fire.fireId(), 0),
                fire.fireId(),
                fire.jobId(),
                fire.app(),
                fire.handler(),
                fire.params(),
                fire.kind(),
                fire.attempt(),
                fire.scheduledAt(),
                now,
                0,
                1,
                fire.blockStrategy(),
                fire.timeoutMs(),
                WORKER,
                fire.parentRunId(),
                fire.dueAt(),
                fire.workflow());
        RunResult result = RunResult.of(trigger, WORKER, status, now, now, status.name(), null, now)
                .withOutput(output);
        driver.pipe(catalog.results(), fire.jobId(), EventSerdes.RESULT.toJson(result));
    }

    void succeed(FireEvent fire) {
        end(fire, RunStatus.SUCCEEDED, null);
    }

    void fail(FireEvent fire) {
        end(fire, RunStatus.FAILED, null);
    }

    /** The FIRE events written since the last call. */
    List<FireEvent> fires() {
        return driver.readFlat(catalog.fires(), EventSerdes.FIRES).stream()
                .filter(fire -> fire.action() == FireAction.FIRE)
                .toList();
    }

    List<WorkflowEvent> events() {
        return driver.read(catalog.workflowEvents(), EventSerdes.WORKFLOW_EVENT);
    }

    List<WorkflowCommand> commands() {
        return driver.read(catalog.workflowCommands(), EventSerdes.WORKFLOW_COMMAND);
    }

    List<JobDefinition> jobs() {
        return driver.read(catalog.jobs(), EventSerdes.JOB);
    }

    List<ControlCommand> kills() {
        return driver.read(catalog.control(), EventSerdes.CONTROL);
    }

    List<DeadLetter> deadLetters() {
        return driver.read(catalog.dlq(), EventSerdes.DEAD_LETTER);
    }

    void advance(Duration duration) {
        driver.advance(duration, INTERVAL);
    }

    void advanceCoarsely(Duration duration) {
        driver.advance(duration, Duration.ofSeconds(5));
    }

    @Override
    public void close() {
        driver.close();
    }
}
