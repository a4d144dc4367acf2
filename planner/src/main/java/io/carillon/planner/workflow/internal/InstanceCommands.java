package io.carillon.planner.workflow.internal;

import io.carillon.planner.workflow.WorkflowSettings;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.NodeState;
import io.carillon.topics.events.NodeStatus;
import io.carillon.topics.events.WorkflowCommand;
import io.carillon.topics.events.WorkflowDefinition;
import io.carillon.topics.events.WorkflowIds;
import io.carillon.topics.events.WorkflowInstanceStatus;
import java.time.Instant;

/**
 * Applies the commands of {@code workflow.commands}: START, NODE_ENDED, RETRY_NODE, SKIP_NODE and CANCEL, each on
 * the instance it names, refusing one that does not apply. Used by one stream task's thread only.
 */
final class InstanceCommands {

    private final WorkflowSettings settings;
    private final EngineStores stores;
    private final Progression progression;
    private final InstanceSlots slots;

    InstanceCommands(WorkflowSettings settings, EngineStores stores, Progression progression, InstanceSlots slots) {
        this.settings = settings;
        this.stores = stores;
        this.progression = progression;
        this.slots = slots;
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
        state = slots.start(
                state,
                new InstanceSlots.NewInstance(definition, instanceId, FireKind.MANUAL, now, command.requestedBy()),
                now);
        stores.putState(state);
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
        stores.putState(slots.advance(state, instance, now));
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
        stores.putState(slots.advance(state, instance, now));
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
        stores.putState(slots.advance(state, instance, now));
    }

    private void cancel(WorkflowCommand command, Instant now) {
        Instance instance = requireInstance(command);
        if (instance.status().isEnded()) {
            throw new RejectedCommandException(
                    "instanceId: instance '" + command.instanceId() + "' has ended " + instance.status());
        }
        WorkflowState state = slots.cancel(
                stores.state(command.workflowId()),
                instance.id(),
                "cancelled by " + by(command),
                command.requestedBy(),
                now);
        stores.putState(state);
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
}
