package io.carillon.worker.internal;

import java.time.Instant;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.Trigger;
import io.carillon.worker.JobHandlerFunction;

/**
 * One run of a handler on a pool thread. Exactly one terminal status is reported: the handler's outcome, or the
 * status of whoever {@linkplain #stop stopped} the run first (timeout, shutdown, later a kill). A stopped run's thread
 * is interrupted, and its late outcome is ignored.
 */
final class RunExecution implements Runnable {

    private final Trigger trigger;
    private final JobHandlerFunction handler;
    private final RunContext context;
    private final RunReporter reporter;
    private final ScheduledExecutorService timer;
    private final Consumer<RunExecution> onExit;

    private Thread thread;
    private boolean finished;
    private Instant startedAt;
    private ScheduledFuture<?> timeout;

    RunExecution(Trigger trigger, JobHandlerFunction handler, RunContext context, RunReporter reporter,
            ScheduledExecutorService timer, Consumer<RunExecution> onExit) {
        this.trigger = trigger;
        this.handler = handler;
        this.context = context;
        this.reporter = reporter;
        this.timer = timer;
        this.onExit = onExit;
    }

    Trigger trigger() {
        return trigger;
    }

    @Override
    public void run() {
        try {
            if (begin()) {
                invokeHandler();
            }
        } finally {
            detachThread();
            onExit.accept(this);
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
     * Ends the run with {@code status} unless it already ended: reports it, marks the context cancelled and
     * interrupts the handler. Returns whether this call ended the run.
     */
    synchronized boolean stop(RunStatus status, String message) {
        if (!finish(status, message, null)) {
            return false;
        }
        context.cancel();
        if (thread != null) {
            thread.interrupt();
        }
        return true;
    }

    private synchronized boolean begin() {
        if (finished) {
            return false;
        }
        thread = Thread.currentThread();
        startedAt = reporter.started(trigger);
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
        reporter.finished(trigger, status, startedAt, message, errorClass);
        return true;
    }

    /** The thread goes back to the pool: later stops must not interrupt it, nor may an interrupt of ours linger. */
    private synchronized void detachThread() {
        if (thread == Thread.currentThread()) {
            thread = null;
            Thread.interrupted();
        }
    }

    private static String describe(Throwable error) {
        return error.getMessage() != null ? error.getMessage() : error.getClass().getName();
    }
}
