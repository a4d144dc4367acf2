package io.carillon.streams.spring;

import org.springframework.context.SmartLifecycle;

/**
 * Starts a Kafka Streams application when the application context has started and closes it first when the context
 * stops (default SmartLifecycle phase: last to start, first to stop); each app subclasses it so that its lifecycle
 * bean has a type of its own. Called by Spring's lifecycle thread.
 */
public abstract class StreamsAppLifecycle implements SmartLifecycle {

    private final Runnable start;
    private final Runnable close;
    private volatile boolean running;

    /** A lifecycle running {@code start} and {@code close} of the app. */
    protected StreamsAppLifecycle(Runnable start, Runnable close) {
        this.start = start;
        this.close = close;
    }

    @Override
    public final void start() {
        start.run();
        running = true;
    }

    @Override
    public final void stop() {
        close.run();
        running = false;
    }

    @Override
    public final boolean isRunning() {
        return running;
    }
}
