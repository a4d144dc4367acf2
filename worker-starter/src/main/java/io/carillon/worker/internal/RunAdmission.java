package io.carillon.worker.internal;

import io.carillon.topics.events.BlockStrategy;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.Trigger;
import io.carillon.worker.JobHandlerFunction;
import java.util.List;
import java.util.function.BiFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Admits triggers by their block strategy against the runs of the same job on this instance (its {@link JobLane}):
 * <ul>
 * <li>PARALLEL, or a job with nothing running here: the run starts on a free slot.</li>
 * <li>SERIAL (also when the trigger names none): the run waits behind the job's running run, in arrival order, and
 * takes over its slot when it ends. At most {@value #WAITING_RUNS_PER_SLOT} × capacity runs wait in all; those that
 * arrived before their {@code dueAt} take early places instead.</li>
 * <li>DISCARD_LATER: the trigger is reported SKIPPED, naming the run that is still running.</li>
 * <li>COVER_EARLY: the job's running runs are stopped and reported KILLED (waiting ones SKIPPED), naming the new
 * run, which then starts.</li>
 * </ul>
 * A trigger whose {@code dueAt} is ahead belongs to its job at once and waits in {@link EarlyRuns}; an early
 * DISCARD_LATER or COVER_EARLY trigger is decided when it comes due, against the runs of its job that started or are
 * due by then (not those still early). A trigger that needs a slot, a waiting place or an early place that is not
 * free is refused, and what it lacked is remembered for {@link #hasRoom()}.
 *
 * <p>Not thread-safe: guarded by the {@link RunExecutor}'s lock.
 */
final class RunAdmission {

    /** How many runs may wait (SERIAL) per slot before the trigger loop holds back further triggers. */
    static final int WAITING_RUNS_PER_SLOT = 4;

    private static final Logger log = LoggerFactory.getLogger(RunAdmission.class);

    /** What a refused trigger lacked, so that {@link #hasRoom()} looks for that. */
    private enum Need {
        SLOT,
        WAITING_PLACE,
        EARLY_PLACE
    }

    private final String instanceId;
    private final RunReporter reporter;
    private final int maxWaiting;
    private final int maxEarly;
    private final RunStates states;
    private final EarlyRuns early;
    private final SlotPool slots;
    private final BiFunction<Trigger, JobHandlerFunction, RunExecution> newExecution;
    private final JobLanes lanes;
    private Need lacking;

    RunAdmission(
            WorkerSettings settings,
            RunReporter reporter,
            RunStates states,
            JobLanes lanes,
            EarlyRuns early,
            SlotPool slots,
            BiFunction<Trigger, JobHandlerFunction, RunExecution> newExecution) {
        this.instanceId = settings.instanceId();
        this.reporter = reporter;
        this.maxWaiting = settings.capacity() * WAITING_RUNS_PER_SLOT;
        this.maxEarly = settings.maxEarlyRuns();
        this.states = states;
        this.early = early;
        this.slots = slots;
        this.newExecution = newExecution;
        this.lanes = lanes;
    }

    /** Takes the trigger as its block strategy says; false, taking nothing, when it lacks a slot or a place. */
    boolean take(Trigger trigger, JobHandlerFunction handler) {
        boolean taken = take(trigger, handler, lanes.lane(trigger.jobId()));
        if (taken) {
            lacking = null;
        }
        lanes.forgetIfIdle(trigger.jobId());
        return taken;
    }

    private boolean take(Trigger trigger, JobHandlerFunction handler, JobLane lane) {
        BlockStrategy strategy = strategyOf(trigger);
        if (!early.isDue(trigger)) {
            return strategy == BlockStrategy.SERIAL && lane.isBusy()
                    ? enqueue(trigger, handler, lane)
                    : keepUntilDue(trigger, handler, lane);
        }
        if (!lane.isBusy() || strategy == BlockStrategy.PARALLEL) {
            return startOnFreeSlot(trigger, handler, lane);
        }
        return switch (strategy) {
            case SERIAL -> enqueue(trigger, handler, lane);
            case DISCARD_LATER -> discard(trigger, lane.busyRunId());
            case COVER_EARLY -> cover(trigger, handler, lane);
            case PARALLEL -> throw new IllegalStateException("PARALLEL runs start at once");
        };
    }

    /** The trigger's block strategy; SERIAL when it names none, as for a job that names none. */
    static BlockStrategy strategyOf(Trigger trigger) {
        return trigger.blockStrategy() == null ? BlockStrategy.SERIAL : trigger.blockStrategy();
    }

    private boolean startOnFreeSlot(Trigger trigger, JobHandlerFunction handler, JobLane lane) {
        if (!slots.takeFreeSlot()) {
            lacking = Need.SLOT;
            return false;
        }
        RunExecution execution = newExecution.apply(trigger, handler);
        lane.started(execution);
        slots.launch(execution);
        return true;
    }

    /** Queues a SERIAL run behind its job's runs: on an early place when it arrived early, else a waiting place. */
    private boolean enqueue(Trigger trigger, JobHandlerFunction handler, JobLane lane) {
        boolean arrivedEarly = !early.isDue(trigger);
        if (arrivedEarly ? states.earlyPlacesTaken() >= maxEarly : states.count(RunState.QUEUED) >= maxWaiting) {
            lacking = arrivedEarly ? Need.EARLY_PLACE : Need.WAITING_PLACE;
            return false;
        }
        RunExecution execution = newExecution.apply(trigger, handler);
        lane.enqueue(execution);
        states.put(execution, arrivedEarly ? RunState.QUEUED_EARLY : RunState.QUEUED);
        log.debug("run {} waits behind run {} of job {} (SERIAL)", trigger.runId(), lane.busyRunId(), trigger.jobId());
        return true;
    }

    private boolean keepUntilDue(Trigger trigger, JobHandlerFunction handler, JobLane lane) {
        if (states.earlyPlacesTaken() >= maxEarly) {
            lacking = Need.EARLY_PLACE;
            return false;
        }
        RunExecution execution = newExecution.apply(trigger, handler);
        lane.started(execution);
        early.keep(execution);
        return true;
    }

    private boolean discard(Trigger trigger, String busyRunId) {
        reporter.skipped(trigger, discardReason(trigger, busyRunId));
        return true;
    }

    private String discardReason(Trigger trigger, String busyRunId) {
        return "run " + busyRunId + " of job " + trigger.jobId() + " is still running on instance " + instanceId
                + "; this trigger was discarded (block strategy DISCARD_LATER)";
    }

    private boolean cover(Trigger trigger, JobHandlerFunction handler, JobLane lane) {
        stopForCover(trigger, lane, lane.running());
        return startOnFreeSlot(trigger, handler, lane);
    }

    /** Skips the runs waiting behind the job's runs and kills {@code covered}, naming the covering trigger. */
    private void stopForCover(Trigger trigger, JobLane lane, List<RunExecution> covered) {
        String reason = "covered by run " + trigger.runId() + " of the same job (block strategy COVER_EARLY)";
        for (RunExecution queued : lane.takeWaiting()) {
            states.remove(queued);
            queued.endUnstarted(RunStatus.SKIPPED, "not started: " + reason);
        }
        for (RunExecution execution : covered) {
            execution.stop(RunStatus.KILLED, "killed: " + reason);
        }
    }

    /**
     * An early run came due (it left the EARLY state): its block strategy is decided (DISCARD_LATER, COVER_EARLY)
     * and it takes a free slot or waits for one.
     */
    void cameDue(RunExecution execution) {
        Trigger trigger = execution.trigger();
        BlockStrategy strategy = strategyOf(trigger);
        if (strategy == BlockStrategy.DISCARD_LATER || strategy == BlockStrategy.COVER_EARLY) {
            JobLane lane = lanes.find(trigger.jobId());
            List<RunExecution> ahead = lane == null
                    ? List.of()
                    : lane.running().stream()
                            .filter(other -> other != execution && states.stateOf(other) != RunState.EARLY)
                            .toList();
            if (!ahead.isEmpty() && strategy == BlockStrategy.DISCARD_LATER) {
                execution.endUnstarted(
                        RunStatus.SKIPPED, discardReason(trigger, ahead.get(0).runId()));
                lanes.left(execution);
                return;
            }
            if (!ahead.isEmpty()) {
                stopForCover(trigger, lane, ahead);
            }
        }
        slots.takeSlotOrWait(execution);
    }

    /**
     * Whether there is room for the trigger last refused (a slot, a waiting place or an early place; when none was,
     * a slot and a waiting place).
     */
    boolean hasRoom() {
        boolean slotFree = slots.hasFreeSlot();
        boolean waitingPlaceFree = states.count(RunState.QUEUED) < maxWaiting;
        if (lacking == null) {
            return slotFree && waitingPlaceFree;
        }
        return switch (lacking) {
            case SLOT -> slotFree;
            case WAITING_PLACE -> waitingPlaceFree;
            case EARLY_PLACE -> states.earlyPlacesTaken() < maxEarly;
        };
    }
}
