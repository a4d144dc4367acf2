package io.carillon.dispatcher.internal;

import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.WorkerHeartbeat;
import java.time.Instant;
import java.util.List;
import java.util.random.RandomGenerator;

/** RANDOM: any live instance, uniformly. */
public final class RandomSelector implements WorkerSelector {

    private final RandomGenerator random;

    public RandomSelector(RandomGenerator random) {
        this.random = random;
    }

    @Override
    public List<WorkerHeartbeat> select(FireEvent fire, List<WorkerHeartbeat> live, Instant now) {
        return List.of(live.get(random.nextInt(live.size())));
    }
}
