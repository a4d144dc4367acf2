package io.carillon.planner.spring;

import io.carillon.planner.Planner;
import io.carillon.streams.spring.StreamsAppLifecycle;

/**
 * Starts the planner when the application context has started and closes it first when the context stops
 * (default SmartLifecycle phase: last to start, first to stop). Called by Spring's lifecycle thread.
 */
final class PlannerLifecycle extends StreamsAppLifecycle {

    PlannerLifecycle(Planner planner) {
        super(planner::start, planner::close);
    }
}
