package io.carillon.worker.internal;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/** Runs a task once after a delay; a seam so that throttling is unit tested without waiting. */
@FunctionalInterface
interface Delays {

    /** Schedules {@code task} to run once after {@code delay}; the future cancels it. */
    Future<?> after(Duration delay, Runnable task);

    /**
     * Delays on {@code timer}. Once the timer is shut down nothing is scheduled any more: the returned future never
     * completes, so a throttle keeps what it holds for its final flush.
     */
    static Delays on(ScheduledExecutorService timer) {
        return (delay, task) -> {
            try {
                return timer.schedule(task, delay.toMillis(), TimeUnit.MILLISECONDS);
            } catch (RejectedExecutionException shutDown) {
                return new CompletableFuture<>();
            }
        };
    }
}
