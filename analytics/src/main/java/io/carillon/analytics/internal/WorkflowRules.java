package io.carillon.analytics.internal;

import io.carillon.topics.events.Incident;
import io.carillon.topics.events.IncidentAction;
import io.carillon.topics.events.IncidentRule;
import io.carillon.topics.events.NodeState;
import io.carillon.topics.events.NodeStatus;
import io.carillon.topics.events.WorkflowDefinition;
import io.carillon.topics.events.WorkflowEvent;
import io.carillon.topics.events.WorkflowInstanceStatus;
import io.carillon.topics.events.WorkflowNode;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * The workflow rules, over the events of {@code workflow.events}: an instance that ends FAILED opens a WORKFLOW_FAILED
 * incident (id {@code workflow-failed:<instance>}), which resolves when a retried or skipped node lets the instance end
 * otherwise (SUCCEEDED, or CANCELLED); an instance still running {@link WorkflowDefinition#maxDurationMs()} after it
 * started opens a WORKFLOW_OVERRUN incident (id {@code workflow-overrun:<instance>}), which resolves when it ends. An
 * instance's overrun is judged until it first ends (a reopened instance is not judged again). The incidents name the
 * workflow's first app, no job, and the instance as their fire. An event whose {@code sequence} is not above the
 * newest applied, or of an instance that ended with nothing open, changes nothing. Not thread-safe: one stream task
 * owns it.
 */
final class WorkflowRules {

    /** The most instances watched per workflow; the oldest are forgotten beyond (their incidents stay open). */
    static final int MAX_WATCHED = 200;
    /** How many ended instances are remembered per workflow, so their events read again change nothing. */
    static final int REMEMBERED_ENDED = 64;

    private final KeyValueStore<String, WorkflowMonitor> monitors;
    private final DueIndex due;
    private final Consumer<Incident> incidents;

    WorkflowRules(KeyValueStore<String, WorkflowMonitor> monitors, DueIndex due, Consumer<Incident> incidents) {
        this.monitors = monitors;
        this.due = due;
        this.incidents = incidents;
    }

    /** Applies {@code event} of a workflow whose definition is {@code definition} (null when not known). */
    void onEvent(WorkflowEvent event, WorkflowDefinition definition, Instant now) {
        WorkflowMonitor monitor = monitor(event.workflowId());
        if (monitor.ended().contains(event.instanceId())) {
            return;
        }
        WorkflowMonitor.Instance known = monitor.instance(event.instanceId()).orElse(null);
        if (known != null && event.sequence() <= known.sequence()) {
            return;
        }
        if (known == null && !watchable(event.status())) {
            return;
        }
        WorkflowMonitor.Instance instance = (known == null ? watch(event, definition) : known).at(event.sequence());
        if (event.status().isEnded()) {
            instance = ended(instance, event, now);
        }
        stored(event.workflowId(), monitor, instance);
    }

    /** Opens the overrun incidents of the instances due at {@code now}. */
    void check(Instant now) {
        for (KeyValue<String, String> entry : due.due(now)) {
            WorkflowMonitor monitor = monitors.get(entry.value);
            if (monitor == null || !entry.key.equals(monitor.dueKey())) {
                due.remove(entry.key);
                continue;
            }
            List<WorkflowMonitor.Instance> overrun = monitor.watched().stream()
                    .filter(each ->
                            each.overrunsAt() != null && !each.overrunsAt().isAfter(now))
                    .toList();
            for (WorkflowMonitor.Instance instance : overrun) {
                String id = "workflow-overrun:" + instance.instanceId();
                incidents.accept(step(
                        IncidentRule.WORKFLOW_OVERRUN,
                        id,
                        IncidentAction.OPENED,
                        instance,
                        now,
                        now,
                        "workflow instance " + instance.instanceId() + " has been running for longer than "
                                + instance.maxDurationMs() + " ms (started " + instance.startedAt() + ")"));
                monitor = stored(entry.value, monitor, instance.withOverrun(id, now));
            }
            if (overrun.isEmpty()) {
                monitor = stored(entry.value, monitor, null);
            }
        }
    }

    private static boolean watchable(WorkflowInstanceStatus status) {
        return status == WorkflowInstanceStatus.RUNNING || status == WorkflowInstanceStatus.FAILED;
    }

    private static WorkflowMonitor.Instance watch(WorkflowEvent event, WorkflowDefinition definition) {
        Long maxDuration = definition == null ? null : definition.maxDurationMs();
        return new WorkflowMonitor.Instance(
                event.instanceId(), app(definition), event.startedAt(), maxDuration, 0, false, null, null, null, null);
    }

    /** The app a workflow's incidents name: its first app, else its first inline node's, else none (empty). */
    static String app(WorkflowDefinition definition) {
        if (definition == null) {
            return "";
        }
        if (!definition.apps().isEmpty()) {
            return definition.apps().get(0);
        }
        return definition.nodes().stream()
                .map(WorkflowNode::app)
                .filter(Objects::nonNull)
                .findFirst()
                .orElse("");
    }

    private WorkflowMonitor.Instance ended(WorkflowMonitor.Instance instance, WorkflowEvent event, Instant now) {
        WorkflowMonitor.Instance next = instance.ended();
        String name = "workflow instance " + instance.instanceId();
        if (instance.overrunIncidentId() != null) {
            long ranMs = event.startedAt() == null || event.endedAt() == null
                    ? 0
                    : Duration.between(event.startedAt(), event.endedAt()).toMillis();
            incidents.accept(step(
                    IncidentRule.WORKFLOW_OVERRUN,
                    instance.overrunIncidentId(),
                    IncidentAction.RESOLVED,
                    instance,
                    instance.overrunOpenedAt(),
                    now,
                    name + " ended " + event.status() + " after " + ranMs + " ms"));
            next = next.withOverrun(null, null);
        }
        boolean failed = event.status() == WorkflowInstanceStatus.FAILED;
        if (failed && instance.failedIncidentId() == null) {
            String id = "workflow-failed:" + instance.instanceId();
            incidents.accept(step(
                    IncidentRule.WORKFLOW_FAILED,
                    id,
                    IncidentAction.OPENED,
                    instance,
                    now,
                    now,
                    name + " ended FAILED" + failedNodes(event)
                            + (event.message() == null ? "" : ": " + event.message())));
            next = next.withFailed(id, now);
        } else if (!failed && instance.failedIncidentId() != null) {
            incidents.accept(step(
                    IncidentRule.WORKFLOW_FAILED,
                    instance.failedIncidentId(),
                    IncidentAction.RESOLVED,
                    instance,
                    instance.failedOpenedAt(),
                    now,
                    name + " ended " + event.status()));
            next = next.withFailed(null, null);
        }
        return next;
    }

    private static String failedNodes(WorkflowEvent event) {
        String nodes = event.nodes().stream()
                .filter(node -> node.status() == NodeStatus.FAILED)
                .map(WorkflowRules::describe)
                .collect(Collectors.joining(", "));
        return nodes.isEmpty() ? "" : "; failed: " + nodes;
    }

    private static String describe(NodeState node) {
        if (node.runStatus() == null) {
            return "'" + node.nodeId() + "'";
        }
        String run = node.runId() == null ? "" : " " + node.runId();
        return "'" + node.nodeId() + "' (" + node.runStatus() + run + ")";
    }

    /** Stores {@code monitor} with {@code changed} (null: none) in place, and moves its due entry. */
    private WorkflowMonitor stored(String workflowId, WorkflowMonitor monitor, WorkflowMonitor.Instance changed) {
        List<WorkflowMonitor.Instance> watched = new ArrayList<>(monitor.watched());
        List<String> ended = monitor.ended();
        if (changed != null) {
            watched.removeIf(each -> each.instanceId().equals(changed.instanceId()));
            if (changed.endedOnce() && !changed.hasOpenIncident()) {
                ended = RecentIds.with(ended, changed.instanceId(), REMEMBERED_ENDED);
            } else {
                watched.add(changed);
            }
        }
        if (watched.size() > MAX_WATCHED) {
            watched = new ArrayList<>(watched.subList(watched.size() - MAX_WATCHED, watched.size()));
        }
        Instant next = watched.stream()
                .map(WorkflowMonitor.Instance::overrunsAt)
                .filter(Objects::nonNull)
                .min(Comparator.naturalOrder())
                .orElse(null);
        String dueKey = due.move(monitor.dueKey(), next, workflowId);
        WorkflowMonitor after = new WorkflowMonitor(watched, ended, dueKey);
        monitors.put(workflowId, after);
        return after;
    }

    private WorkflowMonitor monitor(String workflowId) {
        WorkflowMonitor monitor = monitors.get(workflowId);
        return monitor == null ? WorkflowMonitor.empty() : monitor;
    }

    private static Incident step(
            IncidentRule rule,
            String id,
            IncidentAction action,
            WorkflowMonitor.Instance instance,
            Instant openedAt,
            Instant at,
            String message) {
        return Incidents.step(rule, id, action, instance.app(), null, openedAt, at, 1, instance.instanceId(), message);
    }
}
