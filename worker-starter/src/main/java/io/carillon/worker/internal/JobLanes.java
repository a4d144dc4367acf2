package io.carillon.worker.internal;

import io.carillon.topics.events.RunStatus;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@link JobLane} of each job with a run here, and the moves along a lane when a run leaves it: the next run
 * waiting behind it (SERIAL) moves up, and takes over the slot of a run that held one. A lane that empties is
 * forgotten.
 *
 * <p>Not thread-safe: guarded by the {@link RunExecutor}'s lock.
 */
final class JobLanes {

    private final String instanceId;
    private final RunStates states;
    private final EarlyRuns early;
    private final SlotPool slots;
    private final Map<String, JobLane> lanes = new HashMap<>();
    private boolean handingOver = true;

    JobLanes(String instanceId, RunStates states, EarlyRuns early, SlotPool slots) {
        this.instanceId = instanceId;
        this.states = states;
        this.early = early;
        this.slots = slots;
    }

    /** The lane of {@code jobId}, made when the job has none. */
    JobLane lane(String jobId) {
        return lanes.computeIfAbsent(jobId, id -> new JobLane());
    }

    /** The lane of {@code jobId}, or null when nothing of the job is here. */
    JobLane find(String jobId) {
        return lanes.get(jobId);
    }

    /** A run that held no slot left its job's lane without running: the next waiting run of the job moves up. */
    void left(RunExecution execution) {
        JobLane lane = lanes.get(execution.trigger().jobId());
        if (lane != null) {
            lane.released(execution);
            RunExecution next = handingOver ? lane.nextWaiting() : null;
            if (next != null) {
                states.remove(next);
                moveUp(next, lane);
            }
            forgetIfIdle(execution.trigger().jobId());
        }
    }

    /** A run that waited behind its job's runs is now first: it waits for its {@code dueAt}, or for a slot. */
    private void moveUp(RunExecution next, JobLane lane) {
        lane.started(next);
        if (early.isDue(next.trigger())) {
            slots.takeSlotOrWait(next);
        } else {
            early.keep(next);
        }
    }

    /**
     * A run was released (it left {@link RunStates}). One that held a slot gives it over: to the next run waiting
     * behind it in its job when that one is due, else to the due run that waited longest for a slot, else back to the
     * free slots. One that held none just leaves, and the next run of its job moves up.
     */
    void released(RunExecution execution, boolean heldSlot) {
        String jobId = execution.trigger().jobId();
        JobLane lane = lanes.get(jobId);
        RunExecution next = null;
        if (lane != null) {
            lane.released(execution);
            next = handingOver ? lane.nextWaiting() : null;
        }
        if (next != null) {
            states.remove(next);
        }
        if (heldSlot && next != null && early.isDue(next.trigger())) {
            lane.started(next);
            slots.launch(next);
        } else {
            if (next != null) {
                moveUp(next, lane);
            }
            if (heldSlot) {
                slots.giveBack(handingOver);
            }
        }
        forgetIfIdle(jobId);
    }

    /** Takes a queued run (QUEUED, QUEUED_EARLY) off its job's queue, before it is ended unstarted. */
    void unqueue(RunExecution queued) {
        states.remove(queued);
        JobLane lane = lanes.get(queued.trigger().jobId());
        if (lane != null) {
            lane.removeWaiting(queued);
            forgetIfIdle(queued.trigger().jobId());
        }
    }

    /** Hands nothing over any more and ends every queued run KILLED: the shutdown's grace is over. */
    void endQueuedRuns() {
        handingOver = false;
        for (JobLane lane : lanes.values()) {
            for (RunExecution queued : lane.takeWaiting()) {
                states.remove(queued);
                queued.endUnstarted(
                        RunStatus.KILLED,
                        "worker " + instanceId
                                + " shut down before the run could start behind run " + lane.busyRunId()
                                + " of its job (SERIAL)");
            }
        }
    }

    void forgetIfIdle(String jobId) {
        JobLane lane = lanes.get(jobId);
        if (lane != null && !lane.isBusy()) {
            lanes.remove(jobId, lane);
        }
    }

    /** The ids of the jobs with a run holding a slot or waiting here, sorted. */
    List<String> busyJobs() {
        return lanes.entrySet().stream()
                .filter(lane -> lane.getValue().isBusy())
                .map(Map.Entry::getKey)
                .sorted()
                .toList();
    }
}
