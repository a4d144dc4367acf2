package io.carillon.console.internal.support;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs a background pass (the outbox relay, the notification sender) on its own daemon thread, every
 * {@code interval} after the previous pass ends, from {@link #start} to {@link #stop}. A pass that throws is logged
 * once with its message (debug after that) and retried at the next interval; the first pass that works again is
 * logged too. Thread-safe.
 */
public final class PeriodicPass {

    private static final Logger log = LoggerFactory.getLogger(PeriodicPass.class);

    private final String name;
    private final Duration interval;
    private final Duration stopTimeout;
    private final Runnable pass;

    private ScheduledExecutorService executor;
    private boolean failing;

    /**
     * @param name names the thread ({@code carillon-console-<name>}) and the log lines
     * @param stopTimeout how long {@link #stop} and {@link #runNow} wait for a pass in progress
     */
    public PeriodicPass(String name, Duration interval, Duration stopTimeout, Runnable pass) {
        this.name = name;
        this.interval = interval;
        this.stopTimeout = stopTimeout;
        this.pass = pass;
    }

    public synchronized void start() {
        executor = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "carillon-console-" + name);
            thread.setDaemon(true);
            return thread;
        });
        executor.scheduleWithFixedDelay(this::runAndReport, 0, interval.toMillis(), TimeUnit.MILLISECONDS);
    }

    public synchronized void stop() {
        executor.shutdown();
        try {
            if (!executor.awaitTermination(stopTimeout.toMillis(), TimeUnit.MILLISECONDS)) {
                log.warn("{} did not finish its pass within {}", name, stopTimeout);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        executor = null;
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

    private void runAndReport() {
        try {
            pass.run();
            if (failing) {
                log.info("{} works again", name);
                failing = false;
            }
        } catch (RuntimeException e) {
            if (!failing) {
                log.warn("{} failed, retrying every {}: {}", name, interval, e.getMessage());
                failing = true;
            } else {
                log.debug("{} still failing", name, e);
            }
        }
    }
}
