package io.carillon.console.internal.support;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs a background pass (the outbox relay, the notification sender) on its own daemon thread, every
 * {@code interval} after the previous pass ends (or after a pause the pass's owner computes each time, e.g. an
 * {@link IdleBackoff}), from {@link #start} to {@link #stop}; {@link #wake} runs the next pass at once. A pass that
 * throws is logged once with its message (debug after that) and retried after the next pause; the first pass that
 * works again is logged too. Thread-safe.
 */
public final class PeriodicPass {

    private static final Logger log = LoggerFactory.getLogger(PeriodicPass.class);

    private final String name;
    private final Supplier<Duration> pause;
    private final Duration stopTimeout;
    private final Runnable pass;

    private ScheduledThreadPoolExecutor executor;
    private ScheduledFuture<?> next;
    private volatile boolean woken;
    private boolean failing;

    /**
     * @param name names the thread ({@code carillon-console-<name>}) and the log lines
     * @param stopTimeout how long {@link #stop} and {@link #runNow} wait for a pass in progress
     */
    public PeriodicPass(String name, Duration interval, Duration stopTimeout, Runnable pass) {
        this(name, () -> interval, stopTimeout, pass);
    }

    /**
     * A pass whose pause after each pass is {@code pause}'s answer at that moment.
     *
     * @param name names the thread ({@code carillon-console-<name>}) and the log lines
     * @param stopTimeout how long {@link #stop} and {@link #runNow} wait for a pass in progress
     */
    public PeriodicPass(String name, Supplier<Duration> pause, Duration stopTimeout, Runnable pass) {
        this.name = name;
        this.pause = pause;
        this.stopTimeout = stopTimeout;
        this.pass = pass;
    }

    public synchronized void start() {
        executor = new ScheduledThreadPoolExecutor(1, task -> {
            Thread thread = new Thread(task, "carillon-console-" + name);
            thread.setDaemon(true);
            return thread;
        });
        executor.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
        next = executor.schedule(this::cycle, 0, TimeUnit.MILLISECONDS);
    }

    public void stop() {
        ScheduledThreadPoolExecutor stopping;
        synchronized (this) {
            stopping = executor;
            executor = null;
            next = null;
        }
        if (stopping == null) {
            return;
        }
        stopping.shutdown();
        try {
            if (!stopping.awaitTermination(stopTimeout.toMillis(), TimeUnit.MILLISECONDS)) {
                log.warn("{} did not finish its pass within {}", name, stopTimeout);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Runs the next pass at once instead of after its pause (after the pass in progress, if any, which then has no
     * pause either); returns at once. Nothing while stopped.
     */
    public synchronized void wake() {
        woken = true;
        if (next != null && next.cancel(false)) {
            next = executor.schedule(this::cycle, 0, TimeUnit.MILLISECONDS);
        }
    }

    public synchronized boolean isRunning() {
        return executor != null;
    }

    /** Runs one pass now, after the pass in progress if any (on the caller's thread when stopped), and waits. */
    public void runNow() {
        Future<?> now;
        synchronized (this) {
            now = executor == null
                    ? CompletableFuture.runAsync(this::runAndReport, Runnable::run)
                    : executor.submit(this::runAndReport);
        }
        try {
            now.get(stopTimeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            log.warn("{} pass did not complete: {}", name, e.getMessage());
        }
    }

    private void cycle() {
        woken = false;
        runAndReport();
        synchronized (this) {
            if (executor != null) {
                long pauseMillis = woken ? 0 : pause.get().toMillis();
                next = executor.schedule(this::cycle, pauseMillis, TimeUnit.MILLISECONDS);
            }
        }
    }

    private void runAndReport() {
        try {
            pass.run();
            if (failing) {
                log.info("{} works again", name);
                failing = false;
            }
        } catch (RuntimeException e) {
            if (!failing) {
                log.warn("{} failed, retrying after {}: {}", name, pause.get(), e.getMessage());
                failing = true;
            } else {
                log.debug("{} still failing", name, e);
            }
        }
    }
}
