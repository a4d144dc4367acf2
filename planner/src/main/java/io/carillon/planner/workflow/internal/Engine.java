package io.carillon.planner.workflow.internal;

import io.carillon.planner.workflow.WorkflowSettings;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.NodeState;
import io.carillon.topics.events.NodeStatus;
import io.carillon.topics.events.ScheduleType;
import io.carillon.topics.events.WorkflowCommand;
import io.carillon.topics.events.WorkflowDefinition;
import io.carillon.topics.events.WorkflowEventType;
import io.carillon.topics.events.WorkflowIds;
import io.carillon.topics.events.WorkflowInstanceStatus;
import io.carillon.topics.events.WorkflowNode;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The workflow engine of one stream task: applies definitions and commands and starts scheduled instances, keeping
 * each workflow's instances within {@code maxInstances} by its block strategy. Every change goes to the stores and
 * the output of the record or punctuation being processed, so all of it commits in one transaction. Used by one
 * stream task's thread only.
 */
final class Engine {

    private final WorkflowSettings settings;
    private final EngineStores stores;
    private final DueIndex due;
    private final EngineOutput output;
    private final Progression progression;
    private final ScheduledStarts schedules;

    Engine(
            WorkflowSettings settings,
            EngineStores stores,
            DueIndex due,
            EngineOutput output,
            ScheduledStarts schedules) {
        this.settings = settings;
        this.stores = stores;
        this.due = due;
        this.output = output;
        this.schedules = schedules;
        this.progression = new Progression(stores, output);
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

    /** Starts the instances the schedules made due by {@code now}. */
    void punctuate(Instant now) {
        for (String workflowId : due.dueAt(now)) {
            WorkflowDefinition definition = stores.definition(workflowId);
            WorkflowState state = stores.state(workflowId);
            if (definition == null || state.nextAt() == null || state.nextAt().isAfter(now)) {
                continue;
            }
            ScheduledStarts.Due starts =
                    schedules.due(definition.schedule(), definition.misfire(), state.nextAt(), now);
            due.move(workflowId, state.nextAt(), starts.next());
            state = state.withNextAt(starts.next());
            for (ScheduledStarts.Start start : starts.starts()) {
                String instanceId = WorkflowIds.scheduledInstance(workflowId, start.scheduledAt());
                state = start(definition, state, instanceId, start.kind(), start.scheduledAt(), null, now);
            }
            stores.putState(state);
        }
    }

    /**
     * Applies a command.
     *
     * @throws RejectedCommandException when the command cannot be applied (unknown workflow or instance, a node in a
     *     state the command does not apply to)
     */
    void apply(WorkflowCommand command, Instant now) {
        switch (command.type()) {
            case START -> startByHand(command, now);
            case NODE_ENDED -> nodeEnded(command, now);
            case RETRY_NODE -> retryNode(command, now);
            case SKIP_NODE -> skipNode(command, now);
            case CANCEL -> cancel(command, now);
        }
    }

    private void startByHand(WorkflowCommand command, Instant now) {
        WorkflowDefinition definition = stores.definition(command.workflowId());
        if (definition == null) {
            throw new RejectedCommandException("workflowId: unknown workflow '" + command.workflowId() + "'");
        }
        WorkflowState state = stores.state(command.workflowId());
        if (state.startCommands().contains(command.commandId())) {
            return;
        }
        state = state.withStartCommand(command.commandId());
        String instanceId = WorkflowIds.manualInstance(command.workflowId(), command.commandId());
        state = start(definition, state, instanceId, FireKind.MANUAL, now, command.requestedBy(), now);
        stores.putState(state);
    }

    /** Starts, queues or discards the new instance {@code instanceId} as the workflow's block strategy says. */
    private WorkflowState start(
            WorkflowDefinition definition,
            WorkflowState state,
            String instanceId,
            FireKind kind,
            Instant scheduledAt,
            String by,
            Instant now) {
        if (state.knows(instanceId) || stores.instance(instanceId) != null) {
            return state;
        }
        if (state.running().size() < definition.maxInstances()) {
            Instance instance =
                    Instance.create(definition, instanceId, kind, scheduledAt, by, WorkflowInstanceStatus.RUNNING);
            return run(state.withRunning(instanceId), instance, now);
        }
        return switch (definition.blockStrategy()) {
            case COVER_EARLY -> {
                String oldest = state.running().get(0);
                WorkflowState covered =
                        cancelInstance(state, oldest, "covered by the newer instance " + instanceId, by, now);
                yield start(definition, covered, instanceId, kind, scheduledAt, by, now);
            }
            case SERIAL ->
                state.queued().size() < settings.maxQueuedInstances()
                        ? queue(definition, state, instanceId, kind, scheduledAt, by, now)
                        : discard(
                                definition,
                                state,
                                instanceId,
                                kind,
                                scheduledAt,
                                by,
                                now,
                                settings.maxQueuedInstances() + " instances wait already");
            case DISCARD_LATER, PARALLEL ->
                discard(
                        definition,
                        state,
                        instanceId,
                        kind,
                        scheduledAt,
                        by,
                        now,
                        definition.maxInstances() + " instances run already");
        };
    }

    private WorkflowState queue(
            WorkflowDefinition definition,
            WorkflowState state,
            String instanceId,
            FireKind kind,
            Instant scheduledAt,
            String by,
            Instant now) {
        Instance instance =
                Instance.create(definition, instanceId, kind, scheduledAt, by, WorkflowInstanceStatus.QUEUED);
        output.event(instance.event(
                WorkflowEventType.INSTANCE_QUEUED,
                null,
                null,
                definition.maxInstances() + " instances run already; it starts when one ends",
                by,
                now));
        stores.putInstance(instance);
        return state.withQueued(instanceId);
    }

    private WorkflowState discard(
            WorkflowDefinition definition,
            WorkflowState state,
            String instanceId,
            FireKind kind,
            Instant scheduledAt,
            String by,
            Instant now,
            String why) {
        Instance instance =
                Instance.create(definition, instanceId, kind, scheduledAt, by, WorkflowInstanceStatus.DISCARDED);
        instance.ended(WorkflowInstanceStatus.DISCARDED, now);
        output.event(instance.event(
                WorkflowEventType.INSTANCE_ENDED, null, null, "discarded: " + why + " (DISCARD_LATER)", by, now));
        stores.putInstance(instance);
        return prune(state.withEnded(instanceId));
    }

    /** Starts {@code instance} (listed as running in {@code state}) and moves it as far as it goes. */
    private WorkflowState run(WorkflowState state, Instance instance, Instant now) {
        instance.started(now);
        output.event(instance.event(WorkflowEventType.INSTANCE_STARTED, null, null, null, null, now));
        return advance(state, instance, now);
    }

    /** Moves {@code instance} forward and stores it; when it ends, gives its slot to the next queued one. */
    private WorkflowState advance(WorkflowState state, Instance instance, Instant now) {
        boolean ended = progression.advance(instance, now);
        stores.putInstance(instance);
        return ended ? afterEnd(state, instance, now) : state;
    }

    private WorkflowState afterEnd(WorkflowState state, Instance instance, Instant now) {
        WorkflowState after = prune(state.withEnded(instance.id()));
        WorkflowDefinition definition = stores.definition(after.workflowId());
        if (definition == null) {
            return after;
        }
        if (definition.enabled()
                && definition.schedule().type() == ScheduleType.FIXED_DELAY
                && after.nextAt() == null) {
            Instant next = schedules.nextAfter(definition.schedule(), now);
            due.move(after.workflowId(), null, next);
            after = after.withNextAt(next);
        }
        while (!after.queued().isEmpty() && after.running().size() < definition.maxInstances()) {
            Instance next = stores.instance(after.queued().get(0));
            if (next == null) {
                after = after.withEnded(after.queued().get(0));
                continue;
            }
            after = run(after.withRunning(next.id()), next, now);
        }
        return after;
    }

    /** Forgets the oldest ended instances beyond {@link WorkflowSettings#endedInstancesKept()}. */
    private WorkflowState prune(WorkflowState state) {
        WorkflowState pruned = state;
        while (pruned.ended().size() > settings.endedInstancesKept()) {
            String oldest = pruned.ended().get(0);
            stores.deleteInstance(oldest);
            pruned = pruned.withoutEnded(oldest);
        }
        return pruned;
    }

    private void nodeEnded(WorkflowCommand command, Instant now) {
        Instance instance = stores.instance(command.instanceId());
        if (instance == null || instance.status() != WorkflowInstanceStatus.RUNNING) {
            return;
        }
        NodeState node = instance.node(command.nodeId());
        if (node == null || node.status() != NodeStatus.RUNNING || node.round() != command.round()) {
            return;
        }
        progression.nodeEnded(instance, command.nodeId(), command.status(), command.output(), command.message(), now);
        WorkflowState state = stores.state(command.workflowId());
        stores.putState(advance(state, instance, now));
    }

    private void retryNode(WorkflowCommand command, Instant now) {
        Instance instance = reopenable(command);
        NodeState node = requireNode(instance, command);
        if (node.status() != NodeStatus.FAILED) {
            throw new RejectedCommandException("nodeId: node '" + command.nodeId() + "' is " + node.status()
                    + "; only a FAILED node can be retried");
        }
        WorkflowState state = reopen(stores.state(command.workflowId()), instance);
        progression.reconsiderDescendants(instance, command.nodeId());
        progression.start(instance, command.nodeId(), command.requestedBy(), now);
        stores.putState(advance(state, instance, now));
    }

    private void skipNode(WorkflowCommand command, Instant now) {
        Instance instance = reopenable(command);
        NodeState node = requireNode(instance, command);
        if (node.status() == NodeStatus.RUNNING
                || node.status() == NodeStatus.SUCCEEDED
                || node.status() == NodeStatus.CANCELLED) {
            throw new RejectedCommandException("nodeId: node '" + command.nodeId() + "' is " + node.status()
                    + "; only a FAILED, SKIPPED or PENDING node can be skipped");
        }
        WorkflowState state = reopen(stores.state(command.workflowId()), instance);
        progression.reconsiderDescendants(instance, command.nodeId());
        progression.markSucceeded(instance, command.nodeId(), by(command), now);
        stores.putState(advance(state, instance, now));
    }

    private void cancel(WorkflowCommand command, Instant now) {
        Instance instance = requireInstance(command);
        if (instance.status().isEnded()) {
            throw new RejectedCommandException(
                    "instanceId: instance '" + command.instanceId() + "' has ended " + instance.status());
        }
        WorkflowState state = cancelInstance(
                stores.state(command.workflowId()),
                instance.id(),
                "cancelled by " + by(command),
                command.requestedBy(),
                now);
        stores.putState(state);
    }

    /** Cancels running or queued instance {@code instanceId} and gives its slot to the next queued one. */
    private WorkflowState cancelInstance(
            WorkflowState state, String instanceId, String reason, String by, Instant now) {
        Instance instance = stores.instance(instanceId);
        if (instance == null) {
            return state.withEnded(instanceId);
        }
        progression.cancel(instance, reason, by, now);
        stores.putInstance(instance);
        return afterEnd(state, instance, now);
    }

    private Instance reopenable(WorkflowCommand command) {
        Instance instance = requireInstance(command);
        if (instance.status() != WorkflowInstanceStatus.RUNNING && instance.status() != WorkflowInstanceStatus.FAILED) {
            throw new RejectedCommandException("instanceId: instance '" + command.instanceId() + "' is "
                    + instance.status() + "; only a RUNNING or FAILED instance carries on from a node");
        }
        return instance;
    }

    private static WorkflowState reopen(WorkflowState state, Instance instance) {
        if (instance.status() == WorkflowInstanceStatus.FAILED) {
            instance.reopened();
            return state.withRunning(instance.id());
        }
        return state;
    }

    private Instance requireInstance(WorkflowCommand command) {
        Instance instance = stores.instance(command.instanceId());
        if (instance == null || !instance.workflowId().equals(command.workflowId())) {
            throw new RejectedCommandException("instanceId: no instance '" + command.instanceId() + "' of workflow '"
                    + command.workflowId() + "' is kept (only the latest " + settings.endedInstancesKept()
                    + " ended instances are)");
        }
        return instance;
    }

    private static NodeState requireNode(Instance instance, WorkflowCommand command) {
        NodeState node = instance.node(command.nodeId());
        if (node == null) {
            throw new RejectedCommandException(
                    "nodeId: instance '" + instance.id() + "' has no node '" + command.nodeId() + "'");
        }
        return node;
    }

    private static String by(WorkflowCommand command) {
        return command.requestedBy() == null ? "an unnamed user" : command.requestedBy();
    }

    private static List<String> concat(List<String> first, List<String> second) {
        return java.util.stream.Stream.concat(first.stream(), second.stream()).toList();
    }
}
