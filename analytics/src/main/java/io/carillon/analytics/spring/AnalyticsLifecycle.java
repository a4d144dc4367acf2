package io.carillon.analytics.spring;

import io.carillon.analytics.Analytics;
import io.carillon.streams.spring.StreamsAppLifecycle;

/**
 * Starts the analytics app when the application context has started and closes it first when the context stops
 * (default SmartLifecycle phase: last to start, first to stop). Called by Spring's lifecycle thread.
 */
final class AnalyticsLifecycle extends StreamsAppLifecycle {

    AnalyticsLifecycle(Analytics analytics) {
        super(analytics::start, analytics::close);
    }
}
