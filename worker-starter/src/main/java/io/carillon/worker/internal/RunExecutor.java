package io.carillon.worker.internal;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

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
 * takes over its slot when it ends. At most {@value #WAITING_RUNS_PER_SLOT} × capacity runs wait in all.</li>
 * <li>DISCARD_LATER: the trigger is reported SKIPPED, naming the run that is still running.</li>
 * <li>COVER_EARLY: the job's running runs are stopped and reported KILLED (waiting ones SKIPPED), naming the new
 * run, which then starts.</li>
 * </ul>
 * {@link #offer} answers false, taking nothing, when the trigger needs a slot or a waiting place that is not free, so
 * the caller keeps the trigger (and its offset) until {@link #awaitRoom} says there may be room.
 *
 * <p>A trigger whose {@code dueAt} is still ahead (the dispatcher sends triggers up to its trigger lead early) is
 * taken at once, as any other: it takes its slot (or its place behind the job's running run) and counts for its job's
 * block strategy, but its handler starts at {@code dueAt} by the injected clock, not before. No thread waits for it: a
 * delay on the timer hands it to the pool when due. A kill, a COVER_EARLY trigger or the shutdown ends it before it
 * starts like a run that waits behind another.
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

    private final WorkerSettings settings;
    private final RunReporter reporter;
    private final EventPublisher publisher;
    private final ScheduledExecutorService timer;
    private final Delays delays;
    private final RunExecution.Listener lifecycle = new Lifecycle();
    private final Semaphore slots;
    private final int maxWaiting;
    private final ThreadPoolExecutor pool;
    private final Map<String, RunExecution> running = new ConcurrentHashMap<>();
    private final Map<String, RunExecution> waiting = new ConcurrentHashMap<>();
    private final Map<String, RunExecution> early = new ConcurrentHashMap<>();
    private final Set<RunExecution> lingering = ConcurrentHashMap.newKeySet();
    private final Set<RunExecution> reportedLingering = ConcurrentHashMap.newKeySet();
    private final Map<String, JobLane> lanes = new HashMap<>();
    private boolean accepting = true;
    private boolean handingOver = true;

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
        this.pool = new ThreadPoolExecutor(settings.capacity(), Integer.MAX_VALUE,
                IDLE_THREAD_KEEP_ALIVE.toMillis(), TimeUnit.MILLISECONDS, new SynchronousQueue<>(),
                new WorkerThreads(settings.app(), "run"));
    }

    /**
     * Takes the trigger: starts its run, queues it, or reports it SKIPPED as its block strategy says, or reports it
     * FAILED at once when this instance has no such handler. Returns false, taking nothing, when the trigger needs a
     * slot or a waiting place and none is free, or the executor is shutting down.
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
        forgetIfIdle(trigger.jobId(), lanes.get(trigger.jobId()));
        return taken;
    }

    private boolean take(Trigger trigger, JobHandlerFunction handler, JobLane lane) {
        BlockStrategy strategy = strategyOf(trigger);
        if (!lane.isBusy() || strategy == BlockStrategy.PARALLEL) {
            return startOnFreeSlot(trigger, handler);
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

    private boolean startOnFreeSlot(Trigger trigger, JobHandlerFunction handler) {
        if (!slots.tryAcquire()) {
            return false;
        }
        launch(newExecution(trigger, handler));
        return true;
    }

    private boolean enqueue(Trigger trigger, JobHandlerFunction handler, JobLane lane) {
        if (waiting.size() >= maxWaiting) {
            return false;
        }
        RunExecution execution = newExecution(trigger, handler);
        lane.enqueue(execution);
        waiting.put(trigger.runId(), execution);
        log.debug("run {} waits behind run {} of job {} (SERIAL)", trigger.runId(), busyRunId(lane),
                trigger.jobId());
        return true;
    }

    private boolean discard(Trigger trigger, JobLane lane) {
        reporter.skipped(trigger, "run " + busyRunId(lane) + " of job " + trigger.jobId()
                + " is still running on instance " + settings.instanceId()
                + "; this trigger was discarded (block strategy DISCARD_LATER)");
        return true;
    }

    private boolean cover(Trigger trigger, JobHandlerFunction handler, JobLane lane) {
        String reason = "covered by run " + trigger.runId() + " of the same job (block strategy COVER_EARLY)";
        for (RunExecution queued : lane.takeWaiting()) {
            waiting.remove(queued.runId());
            queued.endUnstarted(RunStatus.SKIPPED, "not started: " + reason);
        }
        for (RunExecution execution : lane.running()) {
            execution.stop(RunStatus.KILLED, "killed: " + reason);
        }
        return startOnFreeSlot(trigger, handler);
    }

    private static String busyRunId(JobLane lane) {
        return lane.running().isEmpty() ? "(none)" : lane.running().get(0).runId();
    }

    private RunExecution newExecution(Trigger trigger, JobHandlerFunction handler) {
        RunContext context = new RunContext(trigger, settings.instanceId(), publisher, settings.clock(), reporter,
                delays);
        return new RunExecution(trigger, handler, context, reporter, timer, lifecycle);
    }

    /** Starts a run whose slot is already taken, at once or, when its {@code dueAt} is ahead, when it is due. */
    private void launch(RunExecution execution) {
        running.put(execution.runId(), execution);
        lanes.computeIfAbsent(execution.trigger().jobId(), jobId -> new JobLane()).started(execution);
        Duration wait = untilDue(execution);
        if (wait.isZero()) {
            pool.execute(execution);
        } else {
            early.put(execution.runId(), execution);
            delays.after(wait, () -> startWhenDue(execution));
        }
    }

    /** How long until the run is due by the clock, rounded up to whole milliseconds; zero when due. */
    private Duration untilDue(RunExecution execution) {
        Instant dueAt = execution.trigger().dueAt();
        Instant now = settings.clock().instant();
        if (dueAt == null || !dueAt.isAfter(now)) {
            return Duration.ZERO;
        }
        Duration wait = Duration.between(now, dueAt);
        Duration wholeMillis = Duration.ofMillis(wait.toMillis());
        return wholeMillis.equals(wait) ? wait : wholeMillis.plusMillis(1);
    }

    /** The delay of an early run ended: start it if it is due by the clock (else wait the rest) and still here. */
    private synchronized void startWhenDue(RunExecution execution) {
        if (early.get(execution.runId()) != execution) {
            return;
        }
        Duration rest = untilDue(execution);
        if (!rest.isZero()) {
            delays.after(rest, () -> startWhenDue(execution));
            return;
        }
        early.remove(execution.runId());
        try {
            pool.execute(execution);
        } catch (RejectedExecutionException shutDown) {
            execution.stop(RunStatus.KILLED, "worker " + settings.instanceId()
                    + " shut down before the run's due instant " + execution.trigger().dueAt());
        }
    }

    private void forgetIfIdle(String jobId, JobLane lane) {
        if (lane != null && !lane.isBusy()) {
            lanes.remove(jobId, lane);
        }
    }

    /** Whether a run with this id holds a slot or waits for one here. */
    public boolean isRunning(String runId) {
        return running.containsKey(runId) || waiting.containsKey(runId);
    }

    /** How many runs hold a slot (including those taken early that wait for their {@code dueAt}). */
    public int slotsTaken() {
        return running.size();
    }

    /** How many runs have started and not ended. */
    public int runningCount() {
        return Math.max(0, running.size() - early.size());
    }

    /** How many runs wait: behind another run of their job (SERIAL), or for their {@code dueAt}. */
    public int waitingCount() {
        return waiting.size() + early.size();
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
     * Waits at most {@code timeout} until a slot and a waiting place are free; returns whether they are. Wakes early
     * whenever a run gives back its slot or leaves the queue.
     */
    public synchronized boolean awaitRoom(Duration timeout) throws InterruptedException {
        if (!hasRoom()) {
            wait(timeout.toMillis());
        }
        return hasRoom();
    }

    private boolean hasRoom() {
        return slots.availablePermits() > 0 && waiting.size() < maxWaiting;
    }

    /**
     * Kills the run {@code runId} if it runs or waits here: a running one is reported KILLED with {@code reason},
     * its context cancelled and its thread interrupted; a waiting one is reported KILLED and never starts. Returns
     * false, doing nothing, when no such run is here or it already ended.
     */
    public synchronized boolean kill(String runId, String reason) {
        RunExecution queued = waiting.remove(runId);
        if (queued != null) {
            JobLane lane = lanes.get(queued.trigger().jobId());
            if (lane != null) {
                lane.removeWaiting(queued);
                forgetIfIdle(queued.trigger().jobId(), lane);
            }
            notifyAll();
            return queued.endUnstarted(RunStatus.KILLED, reason + " before it started");
        }
        RunExecution execution = running.get(runId);
        String when = early.containsKey(runId) ? " before it started (it waited for its due instant)" : "";
        return execution != null && execution.stop(RunStatus.KILLED, reason + when);
    }

    /**
     * Takes no more triggers and waits up to {@code grace} for the runs holding a slot and those waiting behind them;
     * then reports the waiting ones KILLED (they never start), stops the running ones as KILLED and interrupts them.
     * Does not wait for interrupted handlers to return.
     */
    public void shutdown(Duration grace) {
        synchronized (this) {
            accepting = false;
            notifyAll();
        }
        boolean finished;
        try {
            finished = slots.tryAcquire(settings.capacity(), grace.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            finished = false;
        }
        if (!finished) {
            killRemaining(grace);
        }
        pool.shutdownNow();
    }

    private void killRemaining(Duration grace) {
        List<RunExecution> remaining;
        synchronized (this) {
            handingOver = false;
            for (JobLane lane : lanes.values()) {
                for (RunExecution queued : lane.takeWaiting()) {
                    waiting.remove(queued.runId());
                    queued.endUnstarted(RunStatus.KILLED, "worker " + settings.instanceId()
                            + " shut down before the run could start behind run " + busyRunId(lane)
                            + " of its job (SERIAL)");
                }
            }
            remaining = List.copyOf(running.values());
        }
        log.warn("worker {} shuts down with {} run(s) still running after the grace of {}: killing them",
                settings.instanceId(), remaining.size(), grace);
        for (RunExecution execution : remaining) {
            execution.stop(RunStatus.KILLED, early.containsKey(execution.runId())
                    ? "worker " + settings.instanceId() + " shut down before the run's due instant "
                            + execution.trigger().dueAt()
                    : "worker " + settings.instanceId()
                            + " shut down and the run did not finish within the shutdown grace of " + grace);
        }
    }

    /** A run gave back its slot: the next run waiting behind it takes the slot over, or the slot is free again. */
    private synchronized void released(RunExecution execution) {
        String jobId = execution.trigger().jobId();
        running.remove(execution.runId(), execution);
        early.remove(execution.runId(), execution);
        JobLane lane = lanes.get(jobId);
        RunExecution next = null;
        if (lane != null) {
            lane.released(execution);
            next = handingOver ? lane.nextWaiting() : null;
        }
        if (next != null) {
            waiting.remove(next.runId());
            launch(next);
        } else {
            slots.release();
        }
        forgetIfIdle(jobId, lane);
        if (execution.hasThread()) {
            lingering.add(execution);
            delays.after(LINGER_NOTICE_DELAY, () -> noticeLingering(execution));
        }
        notifyAll();
    }

    private synchronized void noticeLingering(RunExecution execution) {
        if (lingering.contains(execution) && reportedLingering.add(execution)) {
            log.warn("the handler of run {} (job {}) ignores interruption: its run ended, but its thread still runs"
                    + " {} later; {} thread(s) linger, the pool has {} threads for a capacity of {}",
                    execution.runId(), execution.trigger().jobId(), LINGER_NOTICE_DELAY, lingering.size(),
                    pool.getPoolSize(), settings.capacity());
        }
    }

    private synchronized void threadReturned(RunExecution execution) {
        if (lingering.remove(execution) && reportedLingering.remove(execution)) {
            log.info("the lingering handler of run {} returned; its outcome was ignored ({} thread(s) still linger)",
                    execution.runId(), lingering.size());
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
