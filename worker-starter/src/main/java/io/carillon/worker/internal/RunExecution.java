package io.carillon.worker.internal;

import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.Trigger;
import io.carillon.worker.JobHandlerFunction;
import java.time.Instant;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One run of a handler on a pool thread. Exactly one terminal status is reported: the handler's outcome, or the
 * status of whoever {@linkplain #stop stopped} the run first (timeout, kill, a COVER_EARLY trigger, shutdown). A
 * stopped run's context is cancelled and its thread interrupted; its late outcome is ignored.
 *
 * <p>The run holds a capacity slot until its handler returns or it is stopped, whichever comes first: then the
 * {@link Listener} hears {@link Listener#released} once, even when a handler that ignores interruption keeps its
 * thread. When a stop ends the run, the stopping thread is the one that releases the slot, before {@link #stop}
 * returns (so a COVER_EARLY trigger finds the slot free). The listener is never called under this object's lock.
 */
final class RunExecution implements Runnable {

    /** What the executor learns about a run. */
    interface Listener {

        /** The run no longer holds its slot: its handler returned, or it was stopped (its thread may still run). */
        void released(RunExecution execution);

        /**
         * The run's thread left the handler and goes back to the pool, after a stop released the slot (the thread may
         * have lingered); not called when the handler's return released it.
         */
        void threadReturned(RunExecution execution);
    }

    private final Trigger trigger;
    private final JobHandlerFunction handler;
    private final RunContext context;
    private final RunReporter reporter;
    private final ScheduledExecutorService timer;
    private final Listener listener;
    private final AtomicBoolean released = new AtomicBoolean();

    private Thread thread;
    private boolean finished;
    private Instant startedAt;
    private ScheduledFuture<?> timeout;

    RunExecution(
            Trigger trigger,
            JobHandlerFunction handler,
            RunContext context,
            RunReporter reporter,
            ScheduledExecutorService timer,
            Listener listener) {
        this.trigger = trigger;
        this.handler = handler;
        this.context = context;
        this.reporter = reporter;
        this.timer = timer;
        this.listener = listener;
    }

    Trigger trigger() {
        return trigger;
    }

    String runId() {
        return trigger.runId();
    }

    @Override
    public void run() {
        try {
            if (begin()) {
                invokeHandler();
            }
        } finally {
            detachThread();
            if (!release()) {
                listener.threadReturned(this);
            }
        }
    }

    private void invokeHandler() {
        try {
            Object value = handler.handle(context);
            finish(RunStatus.SUCCEEDED, value == null ? null : String.valueOf(value), null);
        } catch (Exception e) {
            finish(RunStatus.FAILED, describe(e), e.getClass().getName());
        } catch (Error e) {
            finish(RunStatus.FAILED, describe(e), e.getClass().getName());
            throw e;
        }
    }

    /**
     * Ends the run with {@code status} unless it already ended: reports it, marks the context cancelled, interrupts
     * the handler and releases the run's slot. Returns whether this call ended the run.
     */
    boolean stop(RunStatus status, String message) {
        boolean releasing;
        synchronized (this) {
            if (!finish(status, message, null)) {
                return false;
            }
            context.cancel();
            if (thread != null) {
                thread.interrupt();
            }
            releasing = released.compareAndSet(false, true);
        }
        if (releasing) {
            listener.released(this);
        }
        return true;
    }

    /**
     * Reports the terminal {@code status} of a run that never got a thread (it waited behind another run of its
     * job). It holds no slot, so the listener hears nothing. Returns whether this call ended the run.
     */
    boolean endUnstarted(RunStatus status, String message) {
        released.set(true);
        synchronized (this) {
            context.cancel();
            return finish(status, message, null);
        }
    }

    /** Whether a thread still runs this run's handler. */
    synchronized boolean hasThread() {
        return thread != null;
    }

    private synchronized boolean begin() {
        if (finished) {
            return false;
        }
        thread = Thread.currentThread();
        startedAt = reporter.started(trigger);
        context.started(startedAt);
        if (trigger.timeoutMs() > 0) {
            timeout = timer.schedule(this::timeOut, trigger.timeoutMs(), TimeUnit.MILLISECONDS);
        }
        return true;
    }

    private void timeOut() {
        stop(RunStatus.TIMED_OUT, "run exceeded its timeout of " + trigger.timeoutMs() + " ms and was interrupted");
    }

    private synchronized boolean finish(RunStatus status, String message, String errorClass) {
        if (finished) {
            return false;
        }
        finished = true;
        if (timeout != null) {
            timeout.cancel(false);
        }
        context.endProgress();
        reporter.finished(trigger, status, startedAt, message, errorClass, context.output());
        return true;
    }

    /** Releases the slot unless a stop did; returns whether this call did (then no thread lingered). */
    private boolean release() {
        if (released.compareAndSet(false, true)) {
            listener.released(this);
            return true;
        }
        return false;
    }

    /** The thread goes back to the pool: later stops must not interrupt it, nor may an interrupt of ours linger. */
    private synchronized void detachThread() {
        if (thread == Thread.currentThread()) {
            thread = null;
            Thread.interrupted();
        }
    }

    private static String describe(Throwable error) {
        return error.getMessage() != null
                ? error.getMessage()
                : error.getClass().getName();
    }
}
