package io.carillon.planner.workflow.internal;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * What the engine keeps of one workflow besides its definition: {@code nextAt}, the next instant its schedule starts
 * an instance (null when none is planned); the instance ids {@code running} (oldest first), {@code queued} (waiting
 * for a slot, oldest first) and {@code ended} (the most recent kept, oldest first); {@code startCommands}, the ids
 * of the latest START commands applied. Immutable; the {@code with} methods return changed copies.
 */
record WorkflowState(
        String workflowId,
        Instant nextAt,
        List<String> running,
        List<String> queued,
        List<String> ended,
        List<String> startCommands) {

    /** The most START command ids remembered per workflow. */
    static final int START_COMMANDS_KEPT = 100;

    WorkflowState {
        running = running == null ? List.of() : List.copyOf(running);
        queued = queued == null ? List.of() : List.copyOf(queued);
        ended = ended == null ? List.of() : List.copyOf(ended);
        startCommands = startCommands == null ? List.of() : List.copyOf(startCommands);
    }

    static WorkflowState empty(String workflowId) {
        return new WorkflowState(workflowId, null, null, null, null, null);
    }

    boolean knows(String instanceId) {
        return running.contains(instanceId) || queued.contains(instanceId) || ended.contains(instanceId);
    }

    WorkflowState withNextAt(Instant at) {
        return new WorkflowState(workflowId, at, running, queued, ended, startCommands);
    }

    WorkflowState withRunning(String instanceId) {
        return new WorkflowState(
                workflowId,
                nextAt,
                add(running, instanceId),
                remove(queued, instanceId),
                remove(ended, instanceId),
                startCommands);
    }

    WorkflowState withQueued(String instanceId) {
        return new WorkflowState(workflowId, nextAt, running, add(queued, instanceId), ended, startCommands);
    }

    /** This state with {@code instanceId} ended (no longer running or queued). */
    WorkflowState withEnded(String instanceId) {
        return new WorkflowState(
                workflowId,
                nextAt,
                remove(running, instanceId),
                remove(queued, instanceId),
                add(ended, instanceId),
                startCommands);
    }

    WorkflowState withoutEnded(String instanceId) {
        return new WorkflowState(workflowId, nextAt, running, queued, remove(ended, instanceId), startCommands);
    }

    WorkflowState withStartCommand(String commandId) {
        List<String> commands = add(startCommands, commandId);
        if (commands.size() > START_COMMANDS_KEPT) {
            commands = commands.subList(commands.size() - START_COMMANDS_KEPT, commands.size());
        }
        return new WorkflowState(workflowId, nextAt, running, queued, ended, commands);
    }

    private static List<String> add(List<String> list, String id) {
        List<String> copy = new ArrayList<>(list);
        copy.remove(id);
        copy.add(id);
        return copy;
    }

    private static List<String> remove(List<String> list, String id) {
        List<String> copy = new ArrayList<>(list);
        copy.remove(id);
        return copy;
    }
}
