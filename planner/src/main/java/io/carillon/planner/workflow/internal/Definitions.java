package io.carillon.planner.workflow.internal;

import io.carillon.topics.events.WorkflowDefinition;
import io.carillon.topics.events.WorkflowNode;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Applies workflow definitions and their tombstones: publishes the inline nodes' jobs (and deletes those of removed
 * nodes), plans the schedule, and on delete cancels the workflow's instances and forgets its state. Used by one
 * stream task's thread only.
 */
final class Definitions {

    private final EngineStores stores;
    private final DueIndex due;
    private final EngineOutput output;
    private final Progression progression;
    private final ScheduledStarts schedules;

    Definitions(
            EngineStores stores,
            DueIndex due,
            EngineOutput output,
            Progression progression,
            ScheduledStarts schedules) {
        this.stores = stores;
        this.due = due;
        this.output = output;
        this.progression = progression;
        this.schedules = schedules;
    }

    /**
     * Applies a definition (publishing its inline nodes' jobs and deleting those of removed nodes, planning its
     * schedule); an older version than the one held is ignored.
     */
    void define(WorkflowDefinition definition, Instant now) {
        WorkflowDefinition previous = stores.definition(definition.id());
        if (previous != null && definition.version() < previous.version()) {
            return;
        }
        if (definition.equals(previous)) {
            return;
        }
        Set<String> kept = definition.nodes().stream()
                .filter(WorkflowNode::isInline)
                .map(node -> node.jobIdIn(definition.id()))
                .collect(Collectors.toSet());
        if (previous != null) {
            previous.nodes().stream()
                    .filter(WorkflowNode::isInline)
                    .map(node -> node.jobIdIn(previous.id()))
                    .filter(jobId -> !kept.contains(jobId))
                    .forEach(output::deleteJob);
        }
        definition.nodes().stream()
                .filter(WorkflowNode::isInline)
                .map(node -> node.toJob(definition))
                .forEach(output::job);
        stores.putDefinition(definition);
        WorkflowState state = stores.state(definition.id());
        boolean replan = previous == null
                || previous.enabled() != definition.enabled()
                || !Objects.equals(previous.schedule(), definition.schedule());
        if (replan) {
            Instant next = definition.enabled() ? schedules.nextAfter(definition.schedule(), now) : null;
            due.move(definition.id(), state.nextAt(), next);
            state = state.withNextAt(next);
        }
        stores.putState(state);
    }

    /** Deletes workflow {@code workflowId}: cancels its instances, deletes its inline nodes' jobs and its state. */
    void delete(String workflowId, Instant now) {
        WorkflowDefinition definition = stores.definition(workflowId);
        if (definition == null) {
            return;
        }
        WorkflowState state = stores.state(workflowId);
        for (String instanceId : concat(state.running(), state.queued())) {
            Instance instance = stores.instance(instanceId);
            if (instance != null) {
                progression.cancel(instance, "the workflow was deleted", null, now);
            }
        }
        for (String instanceId : concat(concat(state.running(), state.queued()), state.ended())) {
            stores.deleteInstance(instanceId);
        }
        definition.nodes().stream()
                .filter(WorkflowNode::isInline)
                .forEach(node -> output.deleteJob(node.jobIdIn(workflowId)));
        due.move(workflowId, state.nextAt(), null);
        stores.deleteState(workflowId);
        stores.deleteDefinition(workflowId);
    }

    private static List<String> concat(List<String> first, List<String> second) {
        return Stream.concat(first.stream(), second.stream()).toList();
    }
}
