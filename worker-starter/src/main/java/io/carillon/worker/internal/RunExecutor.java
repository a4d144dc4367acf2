package io.carillon.worker.internal;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.carillon.topics.events.BlockStrategy;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.Trigger;
import io.carillon.worker.JobHandlerFunction;

/**
 * Runs triggers with at most {@code capacity} runs holding a slot at once, applying each trigger's block strategy
 * against the runs of the same job on this instance:
 * <ul>
 * <li>PARALLEL, or a job with nothing running here: the run starts on a free slot.</li>
 * <li>SERIAL (also when the trigger names none): the run waits behind the job's running run, in arrival order, and
 * takes over its slot when it ends. At most {@value #WAITING_RUNS_PER_SLOT} × capacity runs wait in all (those that
 * arrived before their {@code dueAt} take early places instead, below).</li>
 * <li>DISCARD_LATER: the trigger is reported SKIPPED, naming the run that is still running.</li>
 * <li>COVER_EARLY: the job's running runs are stopped and reported KILLED (waiting ones SKIPPED), naming the new
 * run, which then starts.</li>
 * </ul>
 * {@link #offer} answers false, taking nothing, when the trigger needs a slot, a waiting place or an early place that
 * is not free, so the caller keeps the trigger (and its offset) until {@link #awaitRoom} says there may be room.
 *
 * <p><b>Early runs.</b> A trigger whose {@code dueAt} is still ahead (the dispatcher sends triggers up to its trigger
 * lead early) is taken at once but holds <em>no slot</em> while it waits: it is one of at most
 * {@code maxEarlyRuns} early runs, each a timer entry, so a whole instant's fires can wait here however small the
 * capacity. It belongs to its job at once (a later SERIAL trigger of the job waits behind it, a kill or a COVER_EARLY
 * trigger due now ends it before it starts, and it makes the job busy in heartbeats), and when its {@code dueAt}
 * comes by the injected clock it takes a free slot, or, with none free, waits for one among the due runs, earliest
 * {@code dueAt} first; a slot that is given back goes to them before any new trigger. An early SERIAL trigger of a job
 * that is busy here waits behind the job's runs as any SERIAL trigger. An early DISCARD_LATER or COVER_EARLY trigger
 * is decided when it comes due, against the runs of its job that started or are due by then (not those still early):
 * so a trigger sent a lead ahead neither discards itself nor kills the job's current run before its own instant.
 * No thread waits for an early run, and {@link #waitingCount()} counts it.
 *
 * <p>A run gives its slot back when its handler returns or when it is stopped (timeout, kill, cover, shutdown),
 * whichever is first. A stopped handler that ignores interruption keeps its thread ("lingers"): the pool grows past
 * capacity by the number of lingering threads, which are counted and logged, so a stuck handler never blocks other
 * jobs. The lingering handler's late outcome is ignored.
 *
 * <p>Thread-safe.
 */
public final class RunExecutor {

    /** How many runs may wait (SERIAL) per slot before the trigger loop holds back further triggers. */
    static final int WAITING_RUNS_PER_SLOT = 4;
    /** How long a stopped run's handler may take to return before its thread is logged as lingering. */
    static final Duration LINGER_NOTICE_DELAY = Duration.ofSeconds(1);
    private static final Duration IDLE_THREAD_KEEP_ALIVE = Duration.ofMinutes(1);

    private static final Logger log = LoggerFactory.getLogger(RunExecutor.class);

    /** What a refused trigger lacked, so that {@link #awaitRoom} waits for that. */
    private enum Need { SLOT, WAITING_PLACE, EARLY_PLACE }

    /** A due run waiting for a free slot; earliest {@code dueAt} first, then in the order they came due. */
    private record Ready(Instant dueAt, long order, RunExecution execution) {
    }

    private static final Comparator<Ready> DUE_ORDER = Comparator.comparing(Ready::dueAt)
            .thenComparingLong(Ready::order);

    private final WorkerSettings settings;
    private final RunReporter reporter;
    private final EventPublisher publisher;
    private final ScheduledExecutorService timer;
    private final Delays delays;
    private final RunExecution.Listener lifecycle = new Lifecycle();
    private final Semaphore slots;
    private final int maxWaiting;
    private final int maxEarly;
    private final ThreadPoolExecutor pool;
    /** Runs holding a slot: handed to the pool, running, or stopped with their thread still in the handler. */
    private final Map<String, RunExecution> running = new ConcurrentHashMap<>();
    /** Runs waiting behind another run of their job (SERIAL). */
    private final Map<String, RunExecution> waiting = new ConcurrentHashMap<>();
    /** The runs of {@link #waiting} that arrived before their {@code dueAt}; guarded by the executor's lock. */
    private final Set<RunExecution> waitingEarly = new HashSet<>();
    /** Runs waiting for their {@code dueAt}, without a slot. */
    private final Map<String, RunExecution> early = new ConcurrentHashMap<>();
    /**
     * The runs kept until each {@code dueAt} that has a timer entry, in arrival order; a run that left {@link #early}
     * before (killed, shut down) stays in its group and is skipped. Guarded by the executor's lock.
     */
    private final Map<Instant, List<RunExecution>> dueGroups = new HashMap<>();
    /** Runs that are due and wait for a slot; {@link #readyQueue} orders them. */
    private final Map<String, RunExecution> ready = new ConcurrentHashMap<>();
    private final PriorityQueue<Ready> readyQueue = new PriorityQueue<>(DUE_ORDER);
    /** The run loop of the calling pool thread; unset on other threads. */
    private final ThreadLocal<RunLoop> runLoop = new ThreadLocal<>();
    private final Set<RunExecution> lingering = ConcurrentHashMap.newKeySet();
    private final Set<RunExecution> reportedLingering = ConcurrentHashMap.newKeySet();
    private final Map<String, JobLane> lanes = new HashMap<>();
    private long cameDue;
    private Need lacking;
    private boolean accepting = true;
    private boolean handingOver = true;
    private CompletableFuture<Void> drained;

    public RunExecutor(WorkerSettings settings, RunReporter reporter, EventPublisher publisher,
            ScheduledExecutorService timer) {
        this(settings, reporter, publisher, timer, Delays.on(timer));
    }

    /** An executor whose waits for a trigger's {@code dueAt} (and lingering notices) go through {@code delays}. */
    RunExecutor(WorkerSettings settings, RunReporter reporter, EventPublisher publisher,
            ScheduledExecutorService timer, Delays delays) {
        this.settings = settings;
        this.reporter = reporter;
        this.publisher = publisher;
        this.timer = timer;
        this.delays = delays;
        this.slots = new Semaphore(settings.capacity());
        this.maxWaiting = settings.capacity() * WAITING_RUNS_PER_SLOT;
        this.maxEarly = settings.maxEarlyRuns();
        this.pool = new ThreadPoolExecutor(settings.capacity(), Integer.MAX_VALUE,
                IDLE_THREAD_KEEP_ALIVE.toMillis(), TimeUnit.MILLISECONDS, new SynchronousQueue<>(),
                new WorkerThreads(settings.app(), "run"));
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
            reporter.rejected(trigger, "no handler named '" + trigger.handler() + "' on instance "
                    + settings.instanceId() + " of app " + settings.app() + "; its handlers are "
                    + new TreeSet<>(settings.handlers().keySet()));
            return true;
        }
        JobLane lane = lanes.computeIfAbsent(trigger.jobId(), jobId -> new JobLane());
        boolean taken = take(trigger, handler, lane);
        if (taken) {
            lacking = null;
        }
        forgetIfIdle(trigger.jobId(), lanes.get(trigger.jobId()));
        return taken;
    }

    private boolean take(Trigger trigger, JobHandlerFunction handler, JobLane lane) {
        BlockStrategy strategy = strategyOf(trigger);
        if (!untilDue(trigger).isZero()) {
            return strategy == BlockStrategy.SERIAL && lane.isBusy()
                    ? enqueue(trigger, handler, lane)
                    : keepUntilDue(trigger, handler, lane);
        }
        if (!lane.isBusy() || strategy == BlockStrategy.PARALLEL) {
            return startOnFreeSlot(trigger, handler, lane);
        }
        return switch (strategy) {
            case SERIAL -> enqueue(trigger, handler, lane);
            case DISCARD_LATER -> discard(trigger, lane);
            case COVER_EARLY -> cover(trigger, handler, lane);
            case PARALLEL -> throw new IllegalStateException("PARALLEL runs start at once");
        };
    }

    /** The trigger's block strategy; SERIAL when it names none, as for a job that names none. */
    static BlockStrategy strategyOf(Trigger trigger) {
        return trigger.blockStrategy() == null ? BlockStrategy.SERIAL : trigger.blockStrategy();
    }

    private boolean startOnFreeSlot(Trigger trigger, JobHandlerFunction handler, JobLane lane) {
        if (!slots.tryAcquire()) {
            lacking = Need.SLOT;
            return false;
        }
        RunExecution execution = newExecution(trigger, handler);
        lane.started(execution);
        launch(execution);
        return true;
    }

    /**
     * Queues a SERIAL run behind its job's runs. One that arrived before its {@code dueAt} takes an early place (it
     * is part of the lead's load, bounded by {@code maxEarlyRuns}), any other a waiting place.
     */
    private boolean enqueue(Trigger trigger, JobHandlerFunction handler, JobLane lane) {
        boolean arrivedEarly = !untilDue(trigger).isZero();
        if (arrivedEarly ? earlyPlacesTaken() >= maxEarly : dueWaitingCount() >= maxWaiting) {
            lacking = arrivedEarly ? Need.EARLY_PLACE : Need.WAITING_PLACE;
            return false;
        }
        RunExecution execution = newExecution(trigger, handler);
        lane.enqueue(execution);
        waiting.put(trigger.runId(), execution);
        if (arrivedEarly) {
            waitingEarly.add(execution);
        }
        log.debug("run {} waits behind run {} of job {} (SERIAL)", trigger.runId(), busyRunId(lane),
                trigger.jobId());
        return true;
    }

    /** Takes a run off the SERIAL queue's bookkeeping (the caller takes it off its lane's queue). */
    private void unqueue(RunExecution execution) {
        waiting.remove(execution.runId(), execution);
        waitingEarly.remove(execution);
    }

    /** Early places: runs waiting for their {@code dueAt}, and SERIAL runs queued that arrived before it. */
    private int earlyPlacesTaken() {
        return early.size() + waitingEarly.size();
    }

    /** SERIAL runs queued that arrived when due: they count against the waiting places. */
    private int dueWaitingCount() {
        return waiting.size() - waitingEarly.size();
    }

    private boolean keepUntilDue(Trigger trigger, JobHandlerFunction handler, JobLane lane) {
        if (earlyPlacesTaken() >= maxEarly) {
            lacking = Need.EARLY_PLACE;
            return false;
        }
        RunExecution execution = newExecution(trigger, handler);
        lane.started(execution);
        waitUntilDue(execution);
        return true;
    }

    /**
     * Keeps the run until its {@code dueAt}. Runs due at one instant share one timer entry ({@link #dueGroups}), so the
     * instant's runs come due together under one lock, however many they are.
     */
    private void waitUntilDue(RunExecution execution) {
        early.put(execution.runId(), execution);
        Instant dueAt = execution.trigger().dueAt();
        List<RunExecution> group = dueGroups.get(dueAt);
        if (group == null) {
            group = new ArrayList<>();
            dueGroups.put(dueAt, group);
            delays.after(untilDue(execution.trigger()), () -> dueInstantReached(dueAt));
        }
        group.add(execution);
    }

    private boolean discard(Trigger trigger, JobLane lane) {
        reporter.skipped(trigger, discardReason(trigger, busyRunId(lane)));
        return true;
    }

    private String discardReason(Trigger trigger, String busyRunId) {
        return "run " + busyRunId + " of job " + trigger.jobId() + " is still running on instance "
                + settings.instanceId() + "; this trigger was discarded (block strategy DISCARD_LATER)";
    }

    private boolean cover(Trigger trigger, JobHandlerFunction handler, JobLane lane) {
        stopForCover(trigger, lane, lane.running());
        return startOnFreeSlot(trigger, handler, lane);
    }

    /** Skips the runs waiting behind the job's runs and kills {@code covered}, naming the covering trigger. */
    private void stopForCover(Trigger trigger, JobLane lane, List<RunExecution> covered) {
        String reason = "covered by run " + trigger.runId() + " of the same job (block strategy COVER_EARLY)";
        for (RunExecution queued : lane.takeWaiting()) {
            unqueue(queued);
            queued.endUnstarted(RunStatus.SKIPPED, "not started: " + reason);
        }
        for (RunExecution execution : covered) {
            execution.stop(RunStatus.KILLED, "killed: " + reason);
        }
    }

    private static String busyRunId(JobLane lane) {
        return lane.running().isEmpty() ? "(none)" : lane.running().get(0).runId();
    }

    private RunExecution newExecution(Trigger trigger, JobHandlerFunction handler) {
        RunContext context = new RunContext(trigger, settings.instanceId(), publisher, settings.clock(), reporter,
                delays);
        return new RunExecution(trigger, handler, context, reporter, timer, lifecycle);
    }

    /**
     * Hands a run that holds a slot (and belongs to its job's lane) to a pool thread: to the calling thread when it is
     * a pool thread whose run just gave the slot back (it runs this one next, sparing a hand-off or a new thread),
     * else to the pool.
     */
    private void launch(RunExecution execution) {
        running.put(execution.runId(), execution);
        RunLoop loop = runLoop.get();
        if (loop != null && loop.takesOver(execution)) {
            return;
        }
        try {
            pool.execute(new RunLoop(execution));
        } catch (RejectedExecutionException shutDown) {
            execution.stop(RunStatus.KILLED, "worker " + settings.instanceId()
                    + " shut down before the run could start");
        }
    }

    /** How long until {@code trigger} is due by the clock, rounded up to whole milliseconds; zero when due. */
    private Duration untilDue(Trigger trigger) {
        return untilDue(trigger.dueAt());
    }

    /** How long until {@code dueAt} by the clock, rounded up to whole milliseconds; zero when due or null. */
    private Duration untilDue(Instant dueAt) {
        Instant now = settings.clock().instant();
        if (dueAt == null || !dueAt.isAfter(now)) {
            return Duration.ZERO;
        }
        Duration wait = Duration.between(now, dueAt);
        Duration wholeMillis = Duration.ofMillis(wait.toMillis());
        return wholeMillis.equals(wait) ? wait : wholeMillis.plusMillis(1);
    }

    /**
     * The delay of the early runs due at {@code dueAt} ended: if that is now by the clock (else they wait the rest),
     * each of them still here comes due, in arrival order.
     */
    private synchronized void dueInstantReached(Instant dueAt) {
        Duration rest = untilDue(dueAt);
        if (!rest.isZero()) {
            delays.after(rest, () -> dueInstantReached(dueAt));
            return;
        }
        List<RunExecution> group = dueGroups.remove(dueAt);
        if (group == null) {
            return;
        }
        for (RunExecution execution : group) {
            if (early.remove(execution.runId(), execution)) {
                cameDue(execution);
            }
        }
        notifyAll();
    }

    /**
     * An early run is due and still here: its block strategy is decided (DISCARD_LATER, COVER_EARLY) and it takes a
     * free slot or waits for one. Called under the lock.
     */
    private void cameDue(RunExecution execution) {
        Trigger trigger = execution.trigger();
        BlockStrategy strategy = strategyOf(trigger);
        if (strategy == BlockStrategy.DISCARD_LATER || strategy == BlockStrategy.COVER_EARLY) {
            JobLane lane = lanes.get(trigger.jobId());
            List<RunExecution> ahead = lane == null ? List.of() : lane.running().stream()
                    .filter(other -> other != execution && !early.containsKey(other.runId())).toList();
            if (!ahead.isEmpty() && strategy == BlockStrategy.DISCARD_LATER) {
                execution.endUnstarted(RunStatus.SKIPPED, discardReason(trigger, ahead.get(0).runId()));
                left(execution, lane);
                return;
            }
            if (!ahead.isEmpty()) {
                stopForCover(trigger, lane, ahead);
            }
        }
        takeSlotOrWait(execution);
    }

    /** A due run of its job's lane takes a free slot and starts, or waits for one in due order. */
    private void takeSlotOrWait(RunExecution execution) {
        if (slots.tryAcquire()) {
            launch(execution);
            return;
        }
        ready.put(execution.runId(), execution);
        readyQueue.add(new Ready(execution.trigger().dueAt() == null ? Instant.MIN : execution.trigger().dueAt(),
                cameDue++, execution));
    }

    /** A run that held no slot left its job's lane without running: the next waiting run of the job moves up. */
    private void left(RunExecution execution, JobLane lane) {
        if (lane != null) {
            lane.released(execution);
            RunExecution next = handingOver ? lane.nextWaiting() : null;
            if (next != null) {
                unqueue(next);
                moveUp(next, lane);
            }
            forgetIfIdle(execution.trigger().jobId(), lane);
        }
        notifyAll();
        checkDrained();
    }

    /** A run that waited behind its job's runs is now first: it waits for its {@code dueAt}, or for a slot. */
    private void moveUp(RunExecution next, JobLane lane) {
        lane.started(next);
        if (untilDue(next.trigger()).isZero()) {
            takeSlotOrWait(next);
        } else {
            waitUntilDue(next);
        }
    }

    private void forgetIfIdle(String jobId, JobLane lane) {
        if (lane != null && !lane.isBusy()) {
            lanes.remove(jobId, lane);
        }
    }

    /** Whether a run with this id holds a slot, waits for one, or waits for its {@code dueAt} here. */
    public boolean isRunning(String runId) {
        return running.containsKey(runId) || waiting.containsKey(runId) || early.containsKey(runId)
                || ready.containsKey(runId);
    }

    /** How many runs hold a slot. */
    public int slotsTaken() {
        return running.size();
    }

    /** How many runs hold a slot: started, or handed to a thread to start at once. */
    public int runningCount() {
        return running.size();
    }

    /**
     * How many runs wait: behind another run of their job (SERIAL), for their {@code dueAt}, or (due) for a free
     * slot.
     */
    public int waitingCount() {
        return waiting.size() + early.size() + ready.size();
    }

    /** How many runs wait for their {@code dueAt} (without a slot). */
    public int earlyCount() {
        return early.size();
    }

    /** The ids of the jobs with a run holding a slot or waiting here, sorted. */
    public synchronized List<String> busyJobs() {
        return lanes.entrySet().stream().filter(lane -> lane.getValue().isBusy()).map(Map.Entry::getKey).sorted()
                .toList();
    }

    /** How many threads still run the handler of a run that was stopped (they ignore interruption, so far). */
    public int lingeringCount() {
        return lingering.size();
    }

    /**
     * Waits at most {@code timeout} until there is room for the trigger {@link #offer} last refused (a slot, a waiting
     * place or an early place; else a slot and a waiting place); returns whether there is. Wakes early whenever a
     * run gives back its slot, leaves the queue or comes due.
     */
    public synchronized boolean awaitRoom(Duration timeout) throws InterruptedException {
        if (!hasRoom()) {
            wait(timeout.toMillis());
        }
        return hasRoom();
    }

    private boolean hasRoom() {
        boolean slotFree = slots.availablePermits() > 0;
        boolean waitingPlaceFree = dueWaitingCount() < maxWaiting;
        if (lacking == null) {
            return slotFree && waitingPlaceFree;
        }
        return switch (lacking) {
            case SLOT -> slotFree;
            case WAITING_PLACE -> waitingPlaceFree;
            case EARLY_PLACE -> earlyPlacesTaken() < maxEarly;
        };
    }

    /**
     * Kills the run {@code runId} if it runs or waits here: a running one is reported KILLED with {@code reason},
     * its context cancelled and its thread interrupted; a waiting one (behind its job's run, for its due instant, or
     * for a slot) is reported KILLED and never starts. Returns false, doing nothing, when no such run is here or it
     * already ended.
     */
    public synchronized boolean kill(String runId, String reason) {
        RunExecution queued = waiting.get(runId);
        if (queued != null) {
            unqueue(queued);
            JobLane lane = lanes.get(queued.trigger().jobId());
            if (lane != null) {
                lane.removeWaiting(queued);
                forgetIfIdle(queued.trigger().jobId(), lane);
            }
            notifyAll();
            boolean killed = queued.endUnstarted(RunStatus.KILLED, reason + " before it started");
            checkDrained();
            return killed;
        }
        RunExecution parked = early.get(runId);
        if (parked != null) {
            return parked.stop(RunStatus.KILLED, reason + " before it started (it waited for its due instant)");
        }
        RunExecution due = ready.get(runId);
        if (due != null) {
            return due.stop(RunStatus.KILLED, reason + " before it started (it waited for a free slot)");
        }
        RunExecution execution = running.get(runId);
        return execution != null && execution.stop(RunStatus.KILLED, reason);
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
        pool.shutdownNow();
    }

    /** Completes the shutdown's wait once no run holds a slot or waits here. Called under the lock. */
    private void checkDrained() {
        if (drained != null && running.isEmpty() && waiting.isEmpty() && early.isEmpty() && ready.isEmpty()) {
            drained.complete(null);
        }
    }

    private void killRemaining(Duration grace) {
        List<RunExecution> remaining;
        List<RunExecution> notDue;
        List<RunExecution> noSlot;
        synchronized (this) {
            handingOver = false;
            for (JobLane lane : lanes.values()) {
                for (RunExecution queued : lane.takeWaiting()) {
                    unqueue(queued);
                    queued.endUnstarted(RunStatus.KILLED, "worker " + settings.instanceId()
                            + " shut down before the run could start behind run " + busyRunId(lane)
                            + " of its job (SERIAL)");
                }
            }
            notDue = List.copyOf(early.values());
            noSlot = List.copyOf(ready.values());
            remaining = List.copyOf(running.values());
        }
        log.warn("worker {} shuts down with {} run(s) still running, {} waiting for their due instant and {} for a"
                + " slot after the grace of {}: killing them", settings.instanceId(), remaining.size(), notDue.size(),
                noSlot.size(), grace);
        for (RunExecution execution : notDue) {
            execution.stop(RunStatus.KILLED, "worker " + settings.instanceId()
                    + " shut down before the run's due instant " + execution.trigger().dueAt());
        }
        for (RunExecution execution : noSlot) {
            execution.stop(RunStatus.KILLED, "worker " + settings.instanceId()
                    + " shut down before the run got a free slot");
        }
        for (RunExecution execution : remaining) {
            execution.stop(RunStatus.KILLED, "worker " + settings.instanceId()
                    + " shut down and the run did not finish within the shutdown grace of " + grace);
        }
    }

    /**
     * A run ended or was stopped. One that held a slot gives it over: to the next run waiting behind it in its job
     * when that one is due, else to the due run that waited longest for a slot, else back to the free slots. One that
     * held none (early, or due and waiting for a slot) just leaves, and the next run of its job moves up.
     */
    private synchronized void released(RunExecution execution) {
        RunLoop loop = runLoop.get();
        boolean ownThread = loop != null && loop.current == execution;
        if (ownThread) {
            loop.releasing = true;
        }
        try {
            releasedUnderLock(execution);
        } finally {
            if (ownThread) {
                loop.releasing = false;
            }
        }
    }

    private void releasedUnderLock(RunExecution execution) {
        String jobId = execution.trigger().jobId();
        boolean heldSlot = running.remove(execution.runId(), execution);
        early.remove(execution.runId(), execution);
        if (ready.remove(execution.runId(), execution)) {
            readyQueue.removeIf(entry -> entry.execution() == execution);
        }
        JobLane lane = lanes.get(jobId);
        RunExecution next = null;
        if (lane != null) {
            lane.released(execution);
            next = handingOver ? lane.nextWaiting() : null;
        }
        if (next != null) {
            unqueue(next);
        }
        if (heldSlot && next != null && untilDue(next.trigger()).isZero()) {
            lane.started(next);
            launch(next);
        } else {
            if (next != null) {
                moveUp(next, lane);
            }
            if (heldSlot) {
                giveSlotAway();
            }
        }
        forgetIfIdle(jobId, lane);
        if (execution.hasThread()) {
            lingering.add(execution);
            delays.after(LINGER_NOTICE_DELAY, () -> noticeLingering(execution));
        }
        notifyAll();
        checkDrained();
    }

    /** A free slot goes to the due run that waited longest for one, else back to the free slots. */
    private void giveSlotAway() {
        Ready first = handingOver ? readyQueue.poll() : null;
        if (first == null) {
            slots.release();
            return;
        }
        ready.remove(first.execution().runId());
        launch(first.execution());
    }

    private synchronized void noticeLingering(RunExecution execution) {
        if (lingering.contains(execution) && reportedLingering.add(execution)) {
            log.warn("the handler of run {} (job {}) ignores interruption: its run ended, but its thread still runs"
                    + " {} later; {} thread(s) linger, the pool has {} threads for a capacity of {}",
                    execution.runId(), execution.trigger().jobId(), LINGER_NOTICE_DELAY, lingering.size(),
                    pool.getPoolSize(), settings.capacity());
        }
    }

    /** Called only for a run whose slot a stop released (the thread may have lingered): rare, so under the lock. */
    private synchronized void threadReturned(RunExecution execution) {
        if (lingering.remove(execution) && reportedLingering.remove(execution)) {
            log.info("the lingering handler of run {} returned; its outcome was ignored ({} thread(s) still linger)",
                    execution.runId(), lingering.size());
        }
    }

    /**
     * A pool thread's task: runs its first run, then each run that the slot it gives back passes to (see
     * {@link #launch}), until none does.
     */
    private final class RunLoop implements Runnable {

        private RunExecution current;
        private RunExecution next;
        private boolean releasing;

        RunLoop(RunExecution first) {
            this.next = first;
        }

        @Override
        public void run() {
            runLoop.set(this);
            try {
                while (next != null) {
                    current = next;
                    next = null;
                    current.run();
                }
            } finally {
                current = null;
                runLoop.remove();
            }
        }

        /** Called under the executor's lock: whether this thread will run {@code execution} after its current run. */
        boolean takesOver(RunExecution execution) {
            if (!releasing || next != null) {
                return false;
            }
            next = execution;
            return true;
        }
    }

    private final class Lifecycle implements RunExecution.Listener {

        @Override
        public void released(RunExecution execution) {
            RunExecutor.this.released(execution);
        }

        @Override
        public void threadReturned(RunExecution execution) {
            RunExecutor.this.threadReturned(execution);
        }
    }
}
