package io.carillon.planner.spring;

import org.springframework.context.SmartLifecycle;

import io.carillon.planner.Planner;

/**
 * Starts the planner when the application context has started and closes it first when the context stops
 * (default SmartLifecycle phase: last to start, first to stop). Called by Spring's lifecycle thread.
 */
final class PlannerLifecycle implements SmartLifecycle {

    private final Planner planner;
    private volatile boolean running;

    PlannerLifecycle(Planner planner) {
        this.planner = planner;
    }

    @Override
    public void start() {
        planner.start();
        running = true;
    }

    @Override
    public void stop() {
        planner.close();
        running = false;
    }

    @Override
    public boolean isRunning() {
        return running;
    }
}
