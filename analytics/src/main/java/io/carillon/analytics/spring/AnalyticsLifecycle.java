package io.carillon.analytics.spring;

import org.springframework.context.SmartLifecycle;

import io.carillon.analytics.Analytics;

/**
 * Starts the analytics app when the application context has started and closes it first when the context stops
 * (default SmartLifecycle phase: last to start, first to stop). Called by Spring's lifecycle thread.
 */
final class AnalyticsLifecycle implements SmartLifecycle {

    private final Analytics analytics;
    private volatile boolean running;

    AnalyticsLifecycle(Analytics analytics) {
        this.analytics = analytics;
    }

    @Override
    public void start() {
        analytics.start();
        running = true;
    }

    @Override
    public void stop() {
        analytics.close();
        running = false;
    }

    @Override
    public boolean isRunning() {
        return running;
    }
}
