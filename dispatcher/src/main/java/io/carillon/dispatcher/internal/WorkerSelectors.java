package io.carillon.dispatcher.internal;

import java.util.EnumMap;
import java.util.Map;

import io.carillon.topics.events.RoutingStrategy;

/**
 * The {@link WorkerSelector} of each routing strategy. Strategies without an implementation yet fall back to
 * ROUND_ROBIN.
 */
public final class WorkerSelectors {

    private final Map<RoutingStrategy, WorkerSelector> selectors = new EnumMap<>(RoutingStrategy.class);
    private final WorkerSelector fallback;

    private WorkerSelectors(WorkerSelector fallback) {
        this.fallback = fallback;
    }

    public static WorkerSelectors standard() {
        RoundRobinSelector roundRobin = new RoundRobinSelector();
        WorkerSelectors selectors = new WorkerSelectors(roundRobin);
        selectors.selectors.put(RoutingStrategy.ROUND_ROBIN, roundRobin);
        return selectors;
    }

    /** The selector of {@code strategy}; null means the default, ROUND_ROBIN. */
    public WorkerSelector forStrategy(RoutingStrategy strategy) {
        return strategy == null ? fallback : selectors.getOrDefault(strategy, fallback);
    }
}
