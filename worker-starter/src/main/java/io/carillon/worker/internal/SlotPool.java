package io.carillon.worker.internal;

import io.carillon.topics.events.RunStatus;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@code capacity} slots and the threads that run the handlers. A run takes a free slot and starts
 * ({@link RunState#RUNNING}), or, due with none free, waits for one ({@link RunState#READY}), earliest {@code dueAt}
 * first; a slot that is given back goes to those before any new trigger. The pool thread whose run gave the slot
 * back runs the next run itself ("hand-over"), sparing a hand-off or a new thread.
 *
 * <p>A stopped handler that ignores interruption keeps its thread ("lingers"): the pool grows past capacity by the
 * number of lingering threads, which are counted and logged, so a stuck handler never blocks other jobs.
 *
 * <p>Threading: guarded by the {@link RunExecutor}'s lock, except {@link #lingeringCount()} (any thread) and the
 * lingering bookkeeping, which has a lock of its own.
 */
final class SlotPool {

    /** How long a stopped run's handler may take to return before its thread is logged as lingering. */
    static final Duration LINGER_NOTICE_DELAY = Duration.ofSeconds(1);

    private static final Duration IDLE_THREAD_KEEP_ALIVE = Duration.ofMinutes(1);

    private static final Logger log = LoggerFactory.getLogger(SlotPool.class);

    /** A due run waiting for a free slot; earliest {@code dueAt} first, then in the order they came due. */
    private record Ready(Instant dueAt, long order, RunExecution execution) {}

    private static final Comparator<Ready> DUE_ORDER =
            Comparator.comparing(Ready::dueAt).thenComparingLong(Ready::order);

    private final WorkerSettings settings;
    private final RunStates states;
    private final Delays delays;
    private final Semaphore slots;
    private final ThreadPoolExecutor pool;
    private final PriorityQueue<Ready> readyQueue = new PriorityQueue<>(DUE_ORDER);
    /** The run loop of the calling pool thread; unset on other threads. */
    private final ThreadLocal<RunLoop> runLoop = new ThreadLocal<>();

    private final Set<RunExecution> lingering = ConcurrentHashMap.newKeySet();
    private final Set<RunExecution> reportedLingering = ConcurrentHashMap.newKeySet();
    private long cameDue;

    SlotPool(WorkerSettings settings, RunStates states, Delays delays) {
        this.settings = settings;
        this.states = states;
        this.delays = delays;
        this.slots = new Semaphore(settings.capacity());
        this.pool = new ThreadPoolExecutor(
                settings.capacity(),
                Integer.MAX_VALUE,
                IDLE_THREAD_KEEP_ALIVE.toMillis(),
                TimeUnit.MILLISECONDS,
                new SynchronousQueue<>(),
                new WorkerThreads(settings.app(), "run"));
    }

    boolean hasFreeSlot() {
        return slots.availablePermits() > 0;
    }

    /** Takes a free slot for a run about to {@link #launch}; false when none is free. */
    boolean takeFreeSlot() {
        return slots.tryAcquire();
    }

    /** A due run takes a free slot and starts, or waits for one in due order. */
    void takeSlotOrWait(RunExecution execution) {
        if (slots.tryAcquire()) {
            launch(execution);
            return;
        }
        states.put(execution, RunState.READY);
        Instant dueAt = execution.trigger().dueAt();
        readyQueue.add(new Ready(dueAt == null ? Instant.MIN : dueAt, cameDue++, execution));
    }

    /** A READY run left (killed, shut down) without a slot. */
    void unready(RunExecution execution) {
        readyQueue.removeIf(entry -> entry.execution() == execution);
    }

    /**
     * Hands a run that holds a slot to a pool thread: to the calling thread when it is a pool thread whose run just
     * gave the slot back (it runs this one next), else to the pool.
     */
    void launch(RunExecution execution) {
        states.put(execution, RunState.RUNNING);
        RunLoop loop = runLoop.get();
        if (loop != null && loop.takesOver(execution)) {
            return;
        }
        try {
            pool.execute(new RunLoop(execution));
        } catch (RejectedExecutionException shutDown) {
            execution.stop(
                    RunStatus.KILLED, "worker " + settings.instanceId() + " shut down before the run could start");
        }
    }

    /**
     * A slot given back goes to the due run that waited longest for one when {@code toReadyRuns}, else back to the
     * free slots.
     */
    void giveBack(boolean toReadyRuns) {
        Ready first = toReadyRuns ? readyQueue.poll() : null;
        if (first == null) {
            slots.release();
            return;
        }
        launch(first.execution());
    }

    /**
     * Runs {@code release}, the executor's handling of {@code execution} giving its slot back; when called on the
     * run's own pool thread, a run that release launches is taken over by this thread.
     */
    void releasing(RunExecution execution, Runnable release) {
        RunLoop loop = runLoop.get();
        boolean ownThread = loop != null && loop.current == execution;
        if (ownThread) {
            loop.releasing = true;
        }
        try {
            release.run();
        } finally {
            if (ownThread) {
                loop.releasing = false;
            }
        }
    }

    /** A run was released; if its thread is still in the handler, that thread lingers until it returns. */
    synchronized void released(RunExecution execution) {
        if (execution.hasThread()) {
            lingering.add(execution);
            delays.after(LINGER_NOTICE_DELAY, () -> noticeLingering(execution));
        }
    }

    private synchronized void noticeLingering(RunExecution execution) {
        if (lingering.contains(execution) && reportedLingering.add(execution)) {
            log.warn(
                    "the handler of run {} (job {}) ignores interruption: its run ended, but its thread still runs"
                            + " {} later; {} thread(s) linger, the pool has {} threads for a capacity of {}",
                    execution.runId(),
                    execution.trigger().jobId(),
                    LINGER_NOTICE_DELAY,
                    lingering.size(),
                    pool.getPoolSize(),
                    settings.capacity());
        }
    }

    /** Called only for a run whose slot a stop released (the thread may have lingered): rare, so under the lock. */
    synchronized void threadReturned(RunExecution execution) {
        if (lingering.remove(execution) && reportedLingering.remove(execution)) {
            log.info(
                    "the lingering handler of run {} returned; its outcome was ignored ({} thread(s) still linger)",
                    execution.runId(),
                    lingering.size());
        }
    }

    /** How many threads still run the handler of a run that was stopped; any thread. */
    int lingeringCount() {
        return lingering.size();
    }

    /** Interrupts the threads and takes no more runs. */
    void shutdownNow() {
        pool.shutdownNow();
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
}
