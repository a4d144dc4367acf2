package io.carillon.planner.workflow.internal;

import io.carillon.planner.workflow.WorkflowSettings;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.ScheduleType;
import io.carillon.topics.events.WorkflowDefinition;
import io.carillon.topics.events.WorkflowEventType;
import io.carillon.topics.events.WorkflowInstanceStatus;
import java.time.Instant;

/**
 * Keeps each workflow's instances within {@code maxInstances}: starts a new instance, queues or discards it as the
 * block strategy says, moves an instance forward and, when it ends, gives its slot to the next queued one (and plans
 * a FIXED_DELAY schedule's next instant), forgetting the oldest ended instances beyond what is kept. Every method
 * takes the workflow's state and returns the changed one for the caller to store. Used by one stream task's thread
 * only.
 */
final class InstanceSlots {

    private final WorkflowSettings settings;
    private final EngineStores stores;
    private final DueIndex due;
    private final EngineOutput output;
    private final Progression progression;
    private final ScheduledStarts schedules;

    InstanceSlots(
            WorkflowSettings settings,
            EngineStores stores,
            DueIndex due,
            EngineOutput output,
            Progression progression,
            ScheduledStarts schedules) {
        this.settings = settings;
        this.stores = stores;
        this.due = due;
        this.output = output;
        this.progression = progression;
        this.schedules = schedules;
    }

    /** An instance to start: its workflow's definition, its id, why it starts, for when and on whose request. */
    record NewInstance(WorkflowDefinition definition, String id, FireKind kind, Instant scheduledAt, String by) {

        Instance create(WorkflowInstanceStatus status) {
            return Instance.create(definition, id, kind, scheduledAt, by, status);
        }
    }

    /** Starts, queues or discards {@code next} as its workflow's block strategy says. */
    WorkflowState start(WorkflowState state, NewInstance next, Instant now) {
        if (state.knows(next.id()) || stores.instance(next.id()) != null) {
            return state;
        }
        WorkflowDefinition definition = next.definition();
        if (state.running().size() < definition.maxInstances()) {
            return run(state.withRunning(next.id()), next.create(WorkflowInstanceStatus.RUNNING), now);
        }
        return switch (definition.blockStrategy()) {
            case COVER_EARLY -> {
                String oldest = state.running().get(0);
                String reason = "covered by the newer instance " + next.id();
                yield start(cancel(state, oldest, reason, next.by(), now), next, now);
            }
            case SERIAL ->
                state.queued().size() < settings.maxQueuedInstances()
                        ? queue(state, next, now)
                        : discard(state, next, now, settings.maxQueuedInstances() + " instances wait already");
            case DISCARD_LATER, PARALLEL ->
                discard(state, next, now, definition.maxInstances() + " instances run already");
        };
    }

    private WorkflowState queue(WorkflowState state, NewInstance next, Instant now) {
        Instance instance = next.create(WorkflowInstanceStatus.QUEUED);
        String message = next.definition().maxInstances() + " instances run already; it starts when one ends";
        output.event(instance.event(WorkflowEventType.INSTANCE_QUEUED, null, null, message, next.by(), now));
        stores.putInstance(instance);
        return state.withQueued(next.id());
    }

    private WorkflowState discard(WorkflowState state, NewInstance next, Instant now, String why) {
        Instance instance = next.create(WorkflowInstanceStatus.DISCARDED);
        instance.ended(WorkflowInstanceStatus.DISCARDED, now);
        String message = "discarded: " + why + " (DISCARD_LATER)";
        output.event(instance.event(WorkflowEventType.INSTANCE_ENDED, null, null, message, next.by(), now));
        stores.putInstance(instance);
        return prune(state.withEnded(next.id()));
    }

    /** Starts {@code instance} (listed as running in {@code state}) and moves it as far as it goes. */
    private WorkflowState run(WorkflowState state, Instance instance, Instant now) {
        instance.started(now);
        output.event(instance.event(WorkflowEventType.INSTANCE_STARTED, null, null, null, null, now));
        return advance(state, instance, now);
    }

    /** Moves {@code instance} forward and stores it; when it ends, gives its slot to the next queued one. */
    WorkflowState advance(WorkflowState state, Instance instance, Instant now) {
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

    /** Cancels running or queued instance {@code instanceId} and gives its slot to the next queued one. */
    WorkflowState cancel(WorkflowState state, String instanceId, String reason, String by, Instant now) {
        Instance instance = stores.instance(instanceId);
        if (instance == null) {
            return state.withEnded(instanceId);
        }
        progression.cancel(instance, reason, by, now);
        stores.putInstance(instance);
        return afterEnd(state, instance, now);
    }
}
