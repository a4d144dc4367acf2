package io.carillon.worker.internal;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;

/** {@link Delays} that only record their tasks; the test runs them when it has moved its clock. */
final class ManualDelays implements Delays {

    private final List<Duration> requested = new ArrayList<>();
    private final List<Runnable> pending = new ArrayList<>();

    @Override
    public synchronized Future<?> after(Duration delay, Runnable task) {
        requested.add(delay);
        pending.add(task);
        return new CompletableFuture<>();
    }

    /** Runs the tasks scheduled so far (tasks they schedule wait for the next call). */
    void runPending() {
        List<Runnable> due;
        synchronized (this) {
            due = List.copyOf(pending);
            pending.clear();
        }
        due.forEach(Runnable::run);
    }

    synchronized List<Duration> requested() {
        return List.copyOf(requested);
    }

    synchronized int pendingCount() {
        return pending.size();
    }
}
