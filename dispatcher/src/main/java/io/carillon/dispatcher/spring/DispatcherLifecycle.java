package io.carillon.dispatcher.spring;

import io.carillon.dispatcher.Dispatcher;
import org.springframework.context.SmartLifecycle;

/** Starts the {@link Dispatcher} once the context is refreshed and closes it when the context stops. */
public final class DispatcherLifecycle implements SmartLifecycle {

    private final Dispatcher dispatcher;
    private volatile boolean started;

    public DispatcherLifecycle(Dispatcher dispatcher) {
        this.dispatcher = dispatcher;
    }

    @Override
    public void start() {
        if (!started) {
            dispatcher.start();
            started = true;
        }
    }

    @Override
    public void stop() {
        dispatcher.close();
    }

    @Override
    public boolean isRunning() {
        return started && dispatcher.isRunning();
    }
}
