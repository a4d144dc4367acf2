package io.carillon.worker.internal;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.Trigger;
import io.carillon.worker.JobHandlerFunction;

/**
 * Runs triggers on a pool of {@code capacity} threads. {@link #offer} never queues: it starts the run on a free thread
 * or answers false, so the caller keeps the trigger (and its offset) until there is room.
 *
 * <p>Every trigger is run as PARALLEL for now; the job's {@link io.carillon.topics.events.BlockStrategy} (SERIAL,
 * DISCARD_LATER, COVER_EARLY) belongs in {@link #offer}, where the runs of the same job are known.
 *
 * <p>Thread-safe.
 */
public final class RunExecutor {

    private static final Logger log = LoggerFactory.getLogger(RunExecutor.class);

    private final WorkerSettings settings;
    private final RunReporter reporter;
    private final EventPublisher publisher;
    private final ScheduledExecutorService timer;
    private final Semaphore slots;
    private final ExecutorService pool;
    private final Map<String, RunExecution> running = new ConcurrentHashMap<>();
    private boolean accepting = true;

    public RunExecutor(WorkerSettings settings, RunReporter reporter, EventPublisher publisher,
            ScheduledExecutorService timer) {
        this.settings = settings;
        this.reporter = reporter;
        this.publisher = publisher;
        this.timer = timer;
        this.slots = new Semaphore(settings.capacity());
        this.pool = new ThreadPoolExecutor(settings.capacity(), settings.capacity(), 0, TimeUnit.MILLISECONDS,
                new LinkedBlockingQueue<>(), new WorkerThreads(settings.app(), "run"));
    }

    /**
     * Takes the trigger: starts its run, or reports it FAILED at once when this instance has no such handler.
     * Returns false, taking nothing, when every thread is busy or the executor is shutting down.
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
        if (!slots.tryAcquire()) {
            return false;
        }
        RunContext context = new RunContext(trigger, settings.instanceId(), publisher, settings.clock());
        RunExecution execution = new RunExecution(trigger, handler, context, reporter, timer, this::exited);
        running.put(trigger.runId(), execution);
        pool.execute(execution);
        return true;
    }

    /** Whether a run with this id is executing here. */
    public boolean isRunning(String runId) {
        return running.containsKey(runId);
    }

    /** How many runs occupy a thread. */
    public int runningCount() {
        return running.size();
    }

    /** Waits at most {@code timeout} for a free thread; returns whether one is free. */
    public boolean awaitFreeSlot(Duration timeout) throws InterruptedException {
        if (slots.tryAcquire(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            slots.release();
            return true;
        }
        return false;
    }

    /**
     * Ends the run {@code runId} with {@code status} (KILLED, TIMED_OUT) and interrupts it. Returns false when no
     * such run is executing or it already ended. This is where kill commands from {@code control} will land.
     */
    public boolean stop(String runId, RunStatus status, String reason) {
        RunExecution execution = running.get(runId);
        return execution != null && execution.stop(status, reason);
    }

    /**
     * Takes no more triggers, waits up to {@code grace} for the running runs, then reports the rest KILLED and
     * interrupts them. Does not wait for interrupted handlers to return.
     */
    public void shutdown(Duration grace) {
        synchronized (this) {
            accepting = false;
            pool.shutdown();
        }
        boolean finished;
        try {
            finished = pool.awaitTermination(grace.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            finished = false;
        }
        if (!finished) {
            killRemaining(grace);
        }
    }

    private void killRemaining(Duration grace) {
        List<RunExecution> remaining = List.copyOf(running.values());
        log.warn("worker {} shuts down with {} run(s) still running after the grace of {}: killing them",
                settings.instanceId(), remaining.size(), grace);
        for (RunExecution execution : remaining) {
            execution.stop(RunStatus.KILLED, "worker " + settings.instanceId()
                    + " shut down and the run did not finish within the shutdown grace of " + grace);
        }
        pool.shutdownNow();
    }

    private void exited(RunExecution execution) {
        running.remove(execution.trigger().runId(), execution);
        slots.release();
    }
}
