package io.carillon.console.internal.support;

import java.time.Duration;
import java.util.function.Supplier;
import org.springframework.context.SmartLifecycle;

/**
 * A bean whose work is one {@link PeriodicPass}, started and stopped with the application context. A subclass
 * creates its pass once, in its constructor, with {@link #runEvery}. Thread-safe.
 */
public abstract class PeriodicTask implements SmartLifecycle {

    private PeriodicPass passes;

    /** Creates this task's pass (see {@link PeriodicPass#PeriodicPass}); call it once, from the constructor. */
    protected final PeriodicPass runEvery(String name, Duration interval, Duration stopTimeout, Runnable pass) {
        return runAfter(name, () -> interval, stopTimeout, pass);
    }

    /**
     * Creates this task's pass with a pause computed after each pass (see {@link PeriodicPass#PeriodicPass(String,
     * Supplier, Duration, Runnable)}); call it, or {@link #runEvery}, once, from the constructor.
     */
    protected final PeriodicPass runAfter(String name, Supplier<Duration> pause, Duration stopTimeout, Runnable pass) {
        if (passes != null) {
            throw new IllegalStateException(name + " already has its pass");
        }
        passes = new PeriodicPass(name, pause, stopTimeout, pass);
        return passes;
    }

    @Override
    public final void start() {
        passes.start();
    }

    @Override
    public final void stop() {
        passes.stop();
    }

    @Override
    public final boolean isRunning() {
        return passes.isRunning();
    }
}
