package io.carillon.dispatcher.internal;

import io.carillon.topics.TopicCatalog;
import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.FireIds;
import io.carillon.topics.events.LimitCommand;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.Trigger;
import io.carillon.topics.events.WorkerHeartbeat;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * Turns a due fire into the records that dispatch it: one trigger per selected live instance (one trigger only for a
 * single-shard fire, which re-runs one shard of a sharded run), on a partition that instance owns when its heartbeat
 * says which; when no live instance can take it, nothing, and {@link #noWorker} gives the NO_WORKER result once the
 * caller stops waiting for one. Used from the dispatcher's thread only.
 */
public final class FireRouter {

    private static final int MAX_INSTANCES_CACHED = 1_024;
    /** How the ACQUIRE commands name their sender. */
    static final String REQUESTER = "dispatcher";

    private final TopicCatalog catalog;
    private final WorkerRegistry registry;
    private final WorkerSelectors selectors;
    private final TriggerTopics triggerTopics;
    private final StatsRecorder stats;
    /** Per instance, the partitions its latest heartbeat owns, computed once per heartbeat and partition count. */
    private final Map<String, OwnedPartitions> ownedByInstance = new HashMap<>();

    public FireRouter(
            TopicCatalog catalog,
            WorkerRegistry registry,
            WorkerSelectors selectors,
            TriggerTopics triggerTopics,
            StatsRecorder stats) {
        this.catalog = catalog;
        this.registry = registry;
        this.selectors = selectors;
        this.triggerTopics = triggerTopics;
        this.stats = stats;
    }

    /** The records that dispatch {@code fire} at {@code now}: empty when no live instance can take it. */
    public List<ProducerRecord<String, Object>> route(FireEvent fire, Instant now) {
        List<WorkerHeartbeat> live = registry.live(fire.app(), fire.handler(), fire.pinnedInstances(), now);
        if (live.isEmpty()) {
            return List.of();
        }
        List<WorkerHeartbeat> targets = selectors.forStrategy(fire.routing()).select(fire, live, now);
        if (fire.coversOneShard()) {
            WorkerHeartbeat target = targets.get(fire.shardIndex() % targets.size());
            return List.of(trigger(fire, target, fire.shardIndex(), fire.shardTotal(), now));
        }
        List<ProducerRecord<String, Object>> records = new ArrayList<>(targets.size());
        for (int shard = 0; shard < targets.size(); shard++) {
            records.add(trigger(fire, targets.get(shard), shard, targets.size(), now));
        }
        return records;
    }

    private ProducerRecord<String, Object> trigger(
            FireEvent fire, WorkerHeartbeat target, int shard, int shards, Instant now) {
        String runId = FireIds.runId(fire.fireId(), shard);
        Trigger trigger = new Trigger(
                Trigger.SCHEMA_VERSION,
                runId,
                fire.fireId(),
                fire.jobId(),
                fire.app(),
                fire.handler(),
                fire.params(),
                fire.kind(),
                fire.attempt(),
                fire.scheduledAt(),
                now,
                shard,
                shards,
                fire.blockStrategy(),
                fire.timeoutMs(),
                target.instanceId(),
                fire.parentRunId(),
                fire.dueAt(),
                fire.workflow(),
                fire.limit() == null ? null : fire.limit().name());
        Duration lateness = Duration.between(fire.dueAt(), now);
        stats.dispatched(fire.app(), lateness.isNegative() ? Duration.ZERO : lateness);
        return new ProducerRecord<>(
                catalog.trigger(fire.app()), partitionOf(target, fire.app(), runId), runId, trigger);
    }

    private Integer partitionOf(WorkerHeartbeat target, String app, String runId) {
        List<Integer> owned = ownedPartitions(target, triggerTopics.partitionCount(app));
        return owned.isEmpty() ? null : owned.get(Math.floorMod(runId.hashCode(), owned.size()));
    }

    private List<Integer> ownedPartitions(WorkerHeartbeat target, int count) {
        OwnedPartitions cached = ownedByInstance.get(target.instanceId());
        if (cached != null && cached.heartbeat() == target && cached.count() == count) {
            return cached.partitions();
        }
        if (ownedByInstance.size() >= MAX_INSTANCES_CACHED) {
            ownedByInstance.clear();
        }
        List<Integer> owned = target.partitions().stream()
                .filter(p -> p != null && p >= 0 && p < count)
                .toList();
        ownedByInstance.put(target.instanceId(), new OwnedPartitions(target, count, owned));
        return owned;
    }

    /**
     * The ACQUIRE of the concurrency limit {@code fire} claims, sent instead of routing it: the limiter writes the fire
     * back to {@code fires}, granted, once it holds a slot (keyed by the limit's name on {@code limit.commands}).
     */
    public ProducerRecord<String, Object> acquire(FireEvent fire, Instant now) {
        LimitCommand command = LimitCommand.acquire(fire, REQUESTER, now);
        return new ProducerRecord<>(catalog.limitCommands(), command.limit(), command);
    }

    /** The NO_WORKER result of {@code fire}, which no live instance could take. */
    public ProducerRecord<String, Object> noWorker(FireEvent fire, Instant now) {
        stats.noWorker(fire.app());
        String pinned = fire.pinnedInstances().isEmpty() ? "" : " among pinned instances " + fire.pinnedInstances();
        String message = "no live worker of app '" + fire.app() + "' has handler '" + fire.handler() + "'" + pinned;
        RunResult result = RunResult.ofUnrunFire(fire, RunStatus.NO_WORKER, message, now);
        return new ProducerRecord<>(catalog.results(), fire.jobId(), result);
    }

    private record OwnedPartitions(WorkerHeartbeat heartbeat, int count, List<Integer> partitions) {}
}
