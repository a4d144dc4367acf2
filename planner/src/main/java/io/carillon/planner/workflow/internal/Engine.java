package io.carillon.planner.workflow.internal;

import io.carillon.planner.workflow.WorkflowSettings;
import io.carillon.topics.events.WorkflowCommand;
import io.carillon.topics.events.WorkflowDefinition;
import io.carillon.topics.events.WorkflowIds;
import java.time.Instant;

/**
 * The workflow engine of one stream task: applies definitions ({@link Definitions}) and commands
 * ({@link InstanceCommands}) and starts scheduled instances, keeping each workflow's instances within
 * {@code maxInstances} by its block strategy ({@link InstanceSlots}). Every change goes to the stores and the output
 * of the record or punctuation being processed, so all of it commits in one transaction. Used by one stream task's
 * thread only.
 */
final class Engine {

    private final EngineStores stores;
    private final DueIndex due;
    private final ScheduledStarts schedules;
    private final Definitions definitions;
    private final InstanceSlots slots;
    private final InstanceCommands commands;

    Engine(
            WorkflowSettings settings,
            EngineStores stores,
            DueIndex due,
            EngineOutput output,
            ScheduledStarts schedules) {
        this.stores = stores;
        this.due = due;
        this.schedules = schedules;
        Progression progression = new Progression(stores, output);
        this.definitions = new Definitions(stores, due, output, progression, schedules);
        this.slots = new InstanceSlots(settings, stores, due, output, progression, schedules);
        this.commands = new InstanceCommands(settings, stores, progression, slots);
    }

    /**
     * Applies a definition (publishing its inline nodes' jobs and deleting those of removed nodes, planning its
     * schedule); an older version than the one held is ignored.
     */
    void define(WorkflowDefinition definition, Instant now) {
        definitions.define(definition, now);
    }

    /** Deletes workflow {@code workflowId}: cancels its instances, deletes its inline nodes' jobs and its state. */
    void delete(String workflowId, Instant now) {
        definitions.delete(workflowId, now);
    }

    /** Starts the instances the schedules made due by {@code now}. */
    /** The earliest instant a scheduled workflow is due; null when none is scheduled. */
    Instant nextDue() {
        return due.earliest();
    }

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
                state = slots.start(
                        state,
                        new InstanceSlots.NewInstance(definition, instanceId, start.kind(), start.scheduledAt(), null),
                        now);
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
        commands.apply(command, now);
    }
}
