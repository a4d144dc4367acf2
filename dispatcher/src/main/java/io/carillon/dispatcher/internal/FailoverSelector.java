package io.carillon.dispatcher.internal;

import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.WorkerHeartbeat;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;

/**
 * FAILOVER: the first instance (by instance id) whose heartbeat is fresh, that is sent less than
 * {@value #FRESH_BEATS} heartbeat intervals ago (it has missed at most one beat). When none is that fresh, the live
 * instance heard from last.
 */
public final class FailoverSelector implements WorkerSelector {

    static final int FRESH_BEATS = 2;

    @Override
    public List<WorkerHeartbeat> select(FireEvent fire, List<WorkerHeartbeat> live, Instant now) {
        return List.of(live.stream()
                .filter(instance -> isFresh(instance, now))
                .findFirst()
                .orElseGet(() -> live.stream()
                        .max(Comparator.comparing(WorkerHeartbeat::sentAt))
                        .orElseThrow()));
    }

    static boolean isFresh(WorkerHeartbeat instance, Instant now) {
        return now.isBefore(instance.sentAt().plusMillis(FRESH_BEATS * instance.intervalMs()));
    }
}
