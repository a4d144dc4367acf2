package io.carillon.worker.internal;

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Names the worker's threads {@code carillon-<app>-<role>-<n>}. They are daemon threads, so a handler that ignores
 * interruption cannot keep the JVM alive after the worker closed.
 */
final class WorkerThreads implements ThreadFactory {

    private final String prefix;
    private final AtomicInteger count = new AtomicInteger();

    WorkerThreads(String app, String role) {
        this.prefix = "carillon-" + app + "-" + role + "-";
    }

    @Override
    public Thread newThread(Runnable task) {
        Thread thread = new Thread(task, prefix + count.incrementAndGet());
        thread.setDaemon(true);
        return thread;
    }
}
