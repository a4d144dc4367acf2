package io.carillon.worker.internal;

import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.Trigger;
import io.carillon.worker.JobHandlerFunction;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs triggers with at most {@code capacity} runs holding a slot at once. Each run has a {@link RunState} in
 * {@link RunStates}; three parts move it, all under this executor's lock:
 * <ul>
 * <li>{@link RunAdmission} takes a trigger by its block strategy against the runs of its job ({@link JobLanes}), or
 * refuses it when it lacks a slot, a waiting place or an early place;</li>
 * <li>{@link EarlyRuns} keeps a trigger whose {@code dueAt} is ahead without a slot until it comes due by the
 * injected clock (at most {@code maxEarlyRuns} of them, so a whole instant's fires can wait here however small the
 * capacity); an early run belongs to its job at once and counts in {@link #waitingCount()};</li>
 * <li>{@link SlotPool} gives slots and threads to due runs, hands a slot given back over to the next run, and
 * counts the threads of stopped handlers that ignore interruption.</li>
 * </ul>
 * {@link #offer} answers false, taking nothing, when the trigger is refused, so the caller keeps the trigger (and
 * its offset) until {@link #awaitRoom} says there may be room.
 *
 * <p>A run gives its slot back when its handler returns or when it is stopped (timeout, kill, cover, shutdown),
 * whichever is first; a lingering handler's late outcome is ignored.
 *
 * <p>Thread-safe.
 */
public final class RunExecutor {

    private static final Logger log = LoggerFactory.getLogger(RunExecutor.class);

    private final WorkerSettings settings;
    private final RunReporter reporter;
    private final EventPublisher publisher;
    private final ScheduledExecutorService timer;
    private final Delays delays;
    private final RunExecution.Listener lifecycle = new Lifecycle();
    private final RunStates states = new RunStates();
    private final EarlyRuns early;
    private final SlotPool slots;
    private final JobLanes lanes;
    private final RunAdmission admission;
    private boolean accepting = true;
    private CompletableFuture<Void> drained;

    public RunExecutor(
            WorkerSettings settings, RunReporter reporter, EventPublisher publisher, ScheduledExecutorService timer) {
        this(settings, reporter, publisher, timer, Delays.on(timer));
    }

    /** An executor whose waits for a trigger's {@code dueAt} (and lingering notices) go through {@code delays}. */
    RunExecutor(
            WorkerSettings settings,
            RunReporter reporter,
            EventPublisher publisher,
            ScheduledExecutorService timer,
            Delays delays) {
        this.settings = settings;
        this.reporter = reporter;
        this.publisher = publisher;
        this.timer = timer;
        this.delays = delays;
        this.early = new EarlyRuns(settings.clock(), delays, states, this::dueInstantReached);
        this.slots = new SlotPool(settings, states, delays);
        this.lanes = new JobLanes(settings.instanceId(), states, early, slots);
        this.admission = new RunAdmission(settings, reporter, states, lanes, early, slots, this::newExecution);
    }

    /**
     * Takes the trigger: starts its run, queues it, keeps it until its {@code dueAt}, or reports it SKIPPED as its
     * block strategy says, or reports it FAILED at once when this instance has no such handler. Returns false, taking
     * nothing, when the trigger needs a slot, a waiting place or an early place and none is free, or the executor is
     * shutting down.
     */
    public synchronized boolean offer(Trigger trigger) {
        if (!accepting) {
            return false;
        }
        JobHandlerFunction handler = settings.handlers().get(trigger.handler());
        if (handler == null) {
            reporter.rejected(
                    trigger,
                    "no handler named '" + trigger.handler() + "' on instance "
                            + settings.instanceId() + " of app " + settings.app() + "; its handlers are "
                            + new TreeSet<>(settings.handlers().keySet()));
            return true;
        }
        return admission.take(trigger, handler);
    }

    private RunExecution newExecution(Trigger trigger, JobHandlerFunction handler) {
        RunContext context =
                new RunContext(trigger, settings.instanceId(), publisher, settings.clock(), reporter, delays);
        return new RunExecution(trigger, handler, context, reporter, timer, lifecycle);
    }

    /** The delay of the early runs due at {@code dueAt} ended (on the timer thread). */
    private synchronized void dueInstantReached(Instant dueAt) {
        if (early.dueInstantReached(dueAt, admission::cameDue)) {
            changed();
        }
    }

    /** Whether a run with this id holds a slot, waits for one, or waits for its {@code dueAt} here. */
    public boolean isRunning(String runId) {
        return states.holds(runId);
    }

    /** How many runs hold a slot. */
    public int slotsTaken() {
        return states.count(RunState.RUNNING);
    }

    /** How many runs hold a slot: started, or handed to a thread to start at once. */
    public int runningCount() {
        return states.count(RunState.RUNNING);
    }

    /**
     * How many runs wait: behind another run of their job (SERIAL), for their {@code dueAt}, or (due) for a free
     * slot.
     */
    public int waitingCount() {
        return states.waitingCount();
    }

    /** How many runs wait for their {@code dueAt} (without a slot). */
    public int earlyCount() {
        return states.count(RunState.EARLY);
    }

    /** The ids of the jobs with a run holding a slot or waiting here, sorted. */
    public synchronized List<String> busyJobs() {
        return lanes.busyJobs();
    }

    /** How many threads still run the handler of a run that was stopped (they ignore interruption, so far). */
    public int lingeringCount() {
        return slots.lingeringCount();
    }

    /**
     * Waits at most {@code timeout} until there is room for the trigger {@link #offer} last refused (a slot, a waiting
     * place or an early place; else a slot and a waiting place); returns whether there is. Wakes early whenever a
     * run gives back its slot, leaves the queue or comes due.
     */
    public synchronized boolean awaitRoom(Duration timeout) throws InterruptedException {
        if (!admission.hasRoom()) {
            wait(timeout.toMillis());
        }
        return admission.hasRoom();
    }

    /**
     * Kills the run {@code runId} if it runs or waits here: a running one is reported KILLED with {@code reason},
     * its context cancelled and its thread interrupted; a waiting one (behind its job's run, for its due instant, or
     * for a slot) is reported KILLED and never starts. Returns false, doing nothing, when no such run is here or it
     * already ended.
     */
    public synchronized boolean kill(String runId, String reason) {
        return end(runId, RunStatus.KILLED, reason);
    }

    /**
     * Ends every run that runs or waits here LOST with {@code reason}, interrupting the running handlers: this
     * instance lost its claim on them (its group session expired, so the planner has found its heartbeats missing and
     * ends them LOST and retries them as their jobs say). Returns how many runs it ended.
     */
    public synchronized int abandonAll(String reason) {
        List<RunExecution> here = new ArrayList<>();
        for (RunState state : RunState.values()) {
            here.addAll(states.all(state));
        }
        int ended = 0;
        for (RunExecution execution : here) {
            if (end(execution.trigger().runId(), RunStatus.LOST, reason)) {
                ended++;
            }
        }
        return ended;
    }

    /** Ends the run {@code runId} with {@code status} if it runs or waits here. Called under the lock. */
    private boolean end(String runId, RunStatus status, String reason) {
        RunExecution execution = states.find(runId);
        RunState state = execution == null ? null : states.stateOf(execution);
        if (state == null) {
            return false;
        }
        return switch (state) {
            case QUEUED, QUEUED_EARLY -> {
                lanes.unqueue(execution);
                notifyAll();
                boolean ended = execution.endUnstarted(status, reason + " before it started");
                checkDrained();
                yield ended;
            }
            case EARLY -> execution.stop(status, reason + " before it started (it waited for its due instant)");
            case READY -> execution.stop(status, reason + " before it started (it waited for a free slot)");
            case RUNNING -> execution.stop(status, reason);
        };
    }

    /**
     * Takes no more triggers and waits up to {@code grace} for the runs holding a slot, those waiting behind them,
     * and the early runs (which start when they come due within the grace); then reports the waiting and early ones
     * KILLED (they never start), stops the running ones as KILLED and interrupts them. Does not wait for interrupted
     * handlers to return.
     */
    public void shutdown(Duration grace) {
        CompletableFuture<Void> done;
        synchronized (this) {
            accepting = false;
            drained = new CompletableFuture<>();
            checkDrained();
            done = drained;
            notifyAll();
        }
        boolean finished;
        try {
            done.get(grace.toMillis(), TimeUnit.MILLISECONDS);
            finished = true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            finished = false;
        } catch (TimeoutException | ExecutionException e) {
            finished = false;
        }
        if (!finished) {
            killRemaining(grace);
        }
        slots.shutdownNow();
    }

    /** Wakes {@link #awaitRoom} and the shutdown's wait: a run moved or left. Called under the lock. */
    private void changed() {
        notifyAll();
        checkDrained();
    }

    /** Completes the shutdown's wait once no run holds a slot or waits here. Called under the lock. */
    private void checkDrained() {
        if (drained != null && states.isEmpty()) {
            drained.complete(null);
        }
    }

    private void killRemaining(Duration grace) {
        List<RunExecution> remaining;
        List<RunExecution> notDue;
        List<RunExecution> noSlot;
        synchronized (this) {
            lanes.endQueuedRuns();
            notDue = states.all(RunState.EARLY);
            noSlot = states.all(RunState.READY);
            remaining = states.all(RunState.RUNNING);
        }
        String worker = "worker " + settings.instanceId();
        log.warn(
                "{} shuts down with {} run(s) still running, {} waiting for their due instant and {} for a slot after"
                        + " the grace of {}: killing them",
                worker,
                remaining.size(),
                notDue.size(),
                noSlot.size(),
                grace);
        notDue.forEach(execution -> execution.stop(
                RunStatus.KILLED,
                worker + " shut down before the run's due instant "
                        + execution.trigger().dueAt()));
        noSlot.forEach(
                execution -> execution.stop(RunStatus.KILLED, worker + " shut down before the run got a free slot"));
        remaining.forEach(execution -> execution.stop(
                RunStatus.KILLED,
                worker + " shut down and the run did not finish within the shutdown grace of " + grace));
    }

    /** A run ended or was stopped: it leaves, and the slot it held (if any) is given over. */
    private synchronized void released(RunExecution execution) {
        slots.releasing(execution, () -> {
            RunState before = states.remove(execution);
            if (before == RunState.READY) {
                slots.unready(execution);
            }
            lanes.released(execution, before == RunState.RUNNING);
            slots.released(execution);
            changed();
        });
    }

    private final class Lifecycle implements RunExecution.Listener {

        @Override
        public void released(RunExecution execution) {
            RunExecutor.this.released(execution);
        }

        @Override
        public void threadReturned(RunExecution execution) {
            slots.threadReturned(execution);
        }
    }
}
