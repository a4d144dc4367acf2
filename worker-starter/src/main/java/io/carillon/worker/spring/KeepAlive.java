package io.carillon.worker.spring;

import java.util.concurrent.CountDownLatch;

/**
 * A non-daemon thread that waits until released. The worker's own threads are daemons (a handler that ignores
 * interruption must not hold the JVM after the worker closed), so a service without a web server or another
 * non-daemon thread would end as soon as its {@code main} returns; this thread keeps the JVM up while the worker
 * runs, as Spring Boot's {@code spring.main.keep-alive} does for the whole context. A JVM shutdown (SIGTERM, or
 * {@code System.exit}) does not wait for it: the shutdown hook closes the context, which stops the worker and
 * releases the thread.
 *
 * <p>Thread-safe; {@link #release()} may be called more than once.
 */
final class KeepAlive {

    private final CountDownLatch released = new CountDownLatch(1);
    private final Thread thread;

    private KeepAlive(String name) {
        this.thread = new Thread(this::awaitRelease, name);
        thread.setDaemon(false);
    }

    /** Starts a keep-alive thread named {@code name}. */
    static KeepAlive start(String name) {
        KeepAlive keepAlive = new KeepAlive(name);
        keepAlive.thread.start();
        return keepAlive;
    }

    private void awaitRelease() {
        try {
            released.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Lets the thread end. */
    void release() {
        released.countDown();
    }

    boolean isAlive() {
        return thread.isAlive();
    }

    String name() {
        return thread.getName();
    }
}
