package io.carillon.dispatcher.internal;

import io.carillon.topics.events.RoutingStrategy;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;

/**
 * The {@link WorkerSelector} of each routing strategy. The live instances a selector chooses from are ordered by
 * instance id, which defines FIRST and LAST; pinned instances are applied before (the strategy chooses among them).
 * A fire without a strategy is routed ROUND_ROBIN. Used from the dispatcher's thread only.
 */
public final class WorkerSelectors {

    private final Map<RoutingStrategy, WorkerSelector> selectors = new EnumMap<>(RoutingStrategy.class);

    private WorkerSelectors(RandomGenerator random, RunTracker tracker) {
        selectors.put(RoutingStrategy.FIRST, (fire, live, now) -> List.of(live.get(0)));
        selectors.put(RoutingStrategy.LAST, (fire, live, now) -> List.of(live.get(live.size() - 1)));
        selectors.put(RoutingStrategy.ROUND_ROBIN, new RoundRobinSelector());
        selectors.put(RoutingStrategy.RANDOM, new RandomSelector(random));
        selectors.put(RoutingStrategy.CONSISTENT_HASH, new ConsistentHashSelector());
        selectors.put(RoutingStrategy.LEAST_FREQUENTLY_USED, new LeastFrequentlyUsedSelector());
        selectors.put(RoutingStrategy.LEAST_RECENTLY_USED, new LeastRecentlyUsedSelector());
        selectors.put(RoutingStrategy.FAILOVER, new FailoverSelector());
        selectors.put(RoutingStrategy.BUSYOVER, new BusyoverSelector(tracker));
        selectors.put(RoutingStrategy.SHARDING_BROADCAST, (fire, live, now) -> live);
    }

    /** Every strategy; RANDOM draws from {@code random}, BUSYOVER records its runs in {@code tracker}. */
    public static WorkerSelectors standard(RandomGenerator random, RunTracker tracker) {
        return new WorkerSelectors(random, tracker);
    }

    /** Every strategy, RANDOM on a fresh generator, BUSYOVER with a tracker of its own (fed no results). */
    public static WorkerSelectors standard() {
        return standard(RandomGenerator.getDefault(), new RunTracker());
    }

    /** The selector of {@code strategy}; null means the default, ROUND_ROBIN. */
    public WorkerSelector forStrategy(RoutingStrategy strategy) {
        return selectors.get(strategy == null ? RoutingStrategy.ROUND_ROBIN : strategy);
    }
}
