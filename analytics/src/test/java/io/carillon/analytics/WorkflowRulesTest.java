package io.carillon.analytics;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.topics.EventSerdes;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.IncidentAction;
import io.carillon.topics.events.IncidentRule;
import io.carillon.topics.events.NodeState;
import io.carillon.topics.events.NodeStatus;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.WorkflowDefinition;
import io.carillon.topics.events.WorkflowEvent;
import io.carillon.topics.events.WorkflowEventType;
import io.carillon.topics.events.WorkflowInstanceStatus;
import io.carillon.topics.events.WorkflowNode;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The workflow rules on {@code workflow.events}: a FAILED instance opens WORKFLOW_FAILED, resolved when a retry lets
 * it succeed; an instance running past {@code maxDurationMs} opens WORKFLOW_OVERRUN on the moved clock, resolved when
 * it ends; replayed events change nothing.
 */
class WorkflowRulesTest {

    private static final Instant START = Instant.parse("2026-11-25T10:00:00Z");
    private static final long MAX_DURATION_MS = 600_000;
    private static final String INSTANCE = "nightly@1764064800000";

    @TempDir
    Path stateDir;

    private AnalyticsHarness analytics;

    @BeforeEach
    void start() {
        analytics = new AnalyticsHarness(stateDir, START);
        analytics.workflow(WorkflowDefinition.builder("nightly")
                .apps(List.of("etl", "reports"))
                .maxDurationMs(MAX_DURATION_MS)
                .nodes(List.of(WorkflowNode.inline("extract", "etl", "extract")))
                .build());
    }

    @AfterEach
    void stop() {
        analytics.close();
    }

    @Test
    void aFailedInstanceOpensAnIncidentThatItsSuccessAfterARetryResolves() {
        analytics.workflowEvent(event(1, WorkflowInstanceStatus.RUNNING, null, NodeStatus.RUNNING));
        analytics.workflowEvent(event(2, WorkflowInstanceStatus.FAILED, START.plusSeconds(30), NodeStatus.FAILED));

        assertThat(analytics.incidents(IncidentRule.WORKFLOW_FAILED))
                .singleElement()
                .satisfies(incident -> {
                    assertThat(incident.action()).isEqualTo(IncidentAction.OPENED);
                    assertThat(incident.incidentId()).isEqualTo("workflow-failed:" + INSTANCE);
                    assertThat(incident.app()).isEqualTo("etl");
                    assertThat(incident.jobId()).isNull();
                    assertThat(incident.fireId()).isEqualTo(INSTANCE);
                    assertThat(incident.message()).contains(INSTANCE, "FAILED", "'extract' (TIMED_OUT " + INSTANCE);
                });

        analytics.workflowEvent(event(2, WorkflowInstanceStatus.FAILED, START.plusSeconds(30), NodeStatus.FAILED));
        assertThat(analytics.incidents(IncidentRule.WORKFLOW_FAILED)).isEmpty();

        analytics.workflowEvent(event(3, WorkflowInstanceStatus.RUNNING, null, NodeStatus.RUNNING));
        analytics.workflowEvent(
                event(4, WorkflowInstanceStatus.SUCCEEDED, START.plusSeconds(90), NodeStatus.SUCCEEDED));
        assertThat(analytics.incidents(IncidentRule.WORKFLOW_FAILED))
                .singleElement()
                .satisfies(incident -> {
                    assertThat(incident.action()).isEqualTo(IncidentAction.RESOLVED);
                    assertThat(incident.incidentId()).isEqualTo("workflow-failed:" + INSTANCE);
                    assertThat(incident.message()).contains("ended SUCCEEDED");
                });

        analytics.workflowEvent(
                event(4, WorkflowInstanceStatus.SUCCEEDED, START.plusSeconds(90), NodeStatus.SUCCEEDED));
        analytics.workflowEvent(event(2, WorkflowInstanceStatus.FAILED, START.plusSeconds(30), NodeStatus.FAILED));
        assertThat(analytics.incidents(IncidentRule.WORKFLOW_FAILED)).isEmpty();
    }

    @Test
    void anInstanceRunningPastItsLimitOpensAnOverrunThatItsEndResolves() {
        analytics.workflowEvent(event(1, WorkflowInstanceStatus.RUNNING, null, NodeStatus.RUNNING));

        analytics.advance(Duration.ofSeconds(599));
        assertThat(analytics.incidents(IncidentRule.WORKFLOW_OVERRUN)).isEmpty();
        analytics.advance(Duration.ofSeconds(2));
        assertThat(analytics.incidents(IncidentRule.WORKFLOW_OVERRUN))
                .singleElement()
                .satisfies(incident -> {
                    assertThat(incident.action()).isEqualTo(IncidentAction.OPENED);
                    assertThat(incident.incidentId()).isEqualTo("workflow-overrun:" + INSTANCE);
                    assertThat(incident.fireId()).isEqualTo(INSTANCE);
                    assertThat(incident.app()).isEqualTo("etl");
                    assertThat(incident.openedAt()).isEqualTo(START.plusSeconds(600));
                    assertThat(incident.message()).contains(INSTANCE, "600000 ms");
                });

        analytics.advance(Duration.ofMinutes(30), Duration.ofMinutes(1));
        assertThat(analytics.incidents(IncidentRule.WORKFLOW_OVERRUN)).isEmpty();

        Instant end = analytics.clock.instant();
        analytics.workflowEvent(event(2, WorkflowInstanceStatus.SUCCEEDED, end, NodeStatus.SUCCEEDED));
        assertThat(analytics.incidents(IncidentRule.WORKFLOW_OVERRUN))
                .singleElement()
                .satisfies(incident -> {
                    assertThat(incident.action()).isEqualTo(IncidentAction.RESOLVED);
                    assertThat(incident.openedAt()).isEqualTo(START.plusSeconds(600));
                    assertThat(incident.message())
                            .contains("ended SUCCEEDED after "
                                    + Duration.between(START, end).toMillis());
                });
        assertThat(analytics.incidents(IncidentRule.WORKFLOW_FAILED)).isEmpty();
    }

    @Test
    void anInstanceEndingInTimeOrOfAWorkflowWithoutALimitOpensNoOverrun() {
        analytics.workflowEvent(event(1, WorkflowInstanceStatus.RUNNING, null, NodeStatus.RUNNING));
        analytics.advance(Duration.ofMinutes(5));
        analytics.workflowEvent(
                event(2, WorkflowInstanceStatus.SUCCEEDED, START.plusSeconds(300), NodeStatus.SUCCEEDED));
        analytics.workflow(WorkflowDefinition.builder("nightly")
                .apps(List.of("etl"))
                .nodes(List.of(WorkflowNode.inline("extract", "etl", "extract")))
                .version(2)
                .build());
        analytics.workflowEvent(new WorkflowEvent(
                0,
                WorkflowEventType.INSTANCE_STARTED,
                "nightly",
                2,
                "nightly@2",
                1,
                WorkflowInstanceStatus.RUNNING,
                FireKind.MANUAL,
                null,
                analytics.clock.instant(),
                null,
                null,
                null,
                List.of(),
                null,
                "alice",
                analytics.clock.instant()));

        analytics.advance(Duration.ofHours(2), Duration.ofMinutes(1));

        assertThat(analytics.incidents(IncidentRule.WORKFLOW_OVERRUN)).isEmpty();
    }

    @Test
    void anUnusableEventIsADeadLetter() {
        analytics.rawWorkflowEvent("nightly", "{not json");
        analytics.rawWorkflowEvent(
                "nightly",
                EventSerdes.WORKFLOW_EVENT.toJson(new WorkflowEvent(
                        0,
                        WorkflowEventType.INSTANCE_STARTED,
                        "other",
                        1,
                        "other@1",
                        1,
                        WorkflowInstanceStatus.RUNNING,
                        FireKind.MANUAL,
                        null,
                        START,
                        null,
                        null,
                        null,
                        List.of(),
                        null,
                        null,
                        START)));

        assertThat(analytics.deadLetters()).hasSize(2);
        assertThat(analytics.incidents(IncidentRule.WORKFLOW_FAILED)).isEmpty();
    }

    private static WorkflowEvent event(long sequence, WorkflowInstanceStatus status, Instant endedAt, NodeStatus node) {
        RunStatus runStatus = node == NodeStatus.FAILED
                ? RunStatus.TIMED_OUT
                : node == NodeStatus.SUCCEEDED ? RunStatus.SUCCEEDED : null;
        NodeState extract = new NodeState(
                "extract", "nightly.extract", node, 1, INSTANCE + "/extract/1", runStatus, null, START, endedAt);
        WorkflowEventType type = status.isEnded() ? WorkflowEventType.INSTANCE_ENDED : WorkflowEventType.NODE_CHANGED;
        return new WorkflowEvent(
                0,
                type,
                "nightly",
                1,
                INSTANCE,
                sequence,
                status,
                FireKind.SCHEDULED,
                START,
                START,
                endedAt,
                "extract",
                null,
                List.of(extract),
                null,
                null,
                START);
    }
}
