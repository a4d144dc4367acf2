package io.carillon.topics.events;

import java.time.Instant;
import java.util.List;

/**
 * A record on the {@code fires} topic (key: job id), written by the planner ahead of its instant. A FIRE carries
 * everything the dispatcher needs to route it without looking the job up; a CANCEL withdraws the fire with the same
 * {@code fireId} if it has not been dispatched yet. {@code fireId} is deterministic ({@link FireIds}), so any
 * consumer can deduplicate.
 *
 * <p>{@code scheduledAt} is the nominal instant (the one the id names and the user sees); {@code dueAt} is when the
 * dispatcher hands the fire to a worker: the nominal instant plus the job's jitter, or the nominal instant when the
 * job has none (null in older records means the same). {@code shardIndex}, when set, limits the fire to that one
 * shard of {@code shardTotal} (the retry of one failed shard of a sharded run); when null the job's routing decides
 * the shards. {@code workflow}, on a fire of kind WORKFLOW, names the workflow node whose run this is; null on every
 * other fire. {@code limit}, on a fire of a job with a {@link JobDefinition#concurrency()}, names the concurrency limit
 * the run holds while it runs and whether the limiter granted it a slot yet ({@link LimitClaim}); null otherwise.
 */
public record FireEvent(
        int schemaVersion,
        FireAction action,
        String fireId,
        String jobId,
        long jobVersion,
        String app,
        String handler,
        Instant scheduledAt,
        FireKind kind,
        int attempt,
        String params,
        RoutingStrategy routing,
        List<String> pinnedInstances,
        BlockStrategy blockStrategy,
        long timeoutMs,
        MisfirePolicy misfire,
        String parentRunId,
        Instant emittedAt,
        Instant dueAt,
        Integer shardIndex,
        int shardTotal,
        WorkflowRef workflow,
        LimitClaim limit) {

    public static final int SCHEMA_VERSION = 1;

    public FireEvent {
        schemaVersion = schemaVersion == 0 ? SCHEMA_VERSION : schemaVersion;
        action = action == null ? FireAction.FIRE : action;
        attempt = Math.max(1, attempt);
        pinnedInstances = pinnedInstances == null ? List.of() : List.copyOf(pinnedInstances);
        misfire = misfire == null ? MisfirePolicy.defaults() : misfire;
        dueAt = dueAt == null ? scheduledAt : dueAt;
        shardTotal = shardIndex == null ? 0 : Math.max(shardTotal, shardIndex + 1);
    }

    /** A fire that claims no concurrency limit. */
    public FireEvent(
            int schemaVersion,
            FireAction action,
            String fireId,
            String jobId,
            long jobVersion,
            String app,
            String handler,
            Instant scheduledAt,
            FireKind kind,
            int attempt,
            String params,
            RoutingStrategy routing,
            List<String> pinnedInstances,
            BlockStrategy blockStrategy,
            long timeoutMs,
            MisfirePolicy misfire,
            String parentRunId,
            Instant emittedAt,
            Instant dueAt,
            Integer shardIndex,
            int shardTotal,
            WorkflowRef workflow) {
        this(
                schemaVersion,
                action,
                fireId,
                jobId,
                jobVersion,
                app,
                handler,
                scheduledAt,
                kind,
                attempt,
                params,
                routing,
                pinnedInstances,
                blockStrategy,
                timeoutMs,
                misfire,
                parentRunId,
                emittedAt,
                dueAt,
                shardIndex,
                shardTotal,
                workflow,
                null);
    }

    /** A fire of no workflow node. */
    public FireEvent(
            int schemaVersion,
            FireAction action,
            String fireId,
            String jobId,
            long jobVersion,
            String app,
            String handler,
            Instant scheduledAt,
            FireKind kind,
            int attempt,
            String params,
            RoutingStrategy routing,
            List<String> pinnedInstances,
            BlockStrategy blockStrategy,
            long timeoutMs,
            MisfirePolicy misfire,
            String parentRunId,
            Instant emittedAt,
            Instant dueAt,
            Integer shardIndex,
            int shardTotal) {
        this(
                schemaVersion,
                action,
                fireId,
                jobId,
                jobVersion,
                app,
                handler,
                scheduledAt,
                kind,
                attempt,
                params,
                routing,
                pinnedInstances,
                blockStrategy,
                timeoutMs,
                misfire,
                parentRunId,
                emittedAt,
                dueAt,
                shardIndex,
                shardTotal,
                null);
    }

    /** A fire due at its nominal instant, for all shards its routing gives. */
    public FireEvent(
            int schemaVersion,
            FireAction action,
            String fireId,
            String jobId,
            long jobVersion,
            String app,
            String handler,
            Instant scheduledAt,
            FireKind kind,
            int attempt,
            String params,
            RoutingStrategy routing,
            List<String> pinnedInstances,
            BlockStrategy blockStrategy,
            long timeoutMs,
            MisfirePolicy misfire,
            String parentRunId,
            Instant emittedAt) {
        this(
                schemaVersion,
                action,
                fireId,
                jobId,
                jobVersion,
                app,
                handler,
                scheduledAt,
                kind,
                attempt,
                params,
                routing,
                pinnedInstances,
                blockStrategy,
                timeoutMs,
                misfire,
                parentRunId,
                emittedAt,
                null,
                null,
                0);
    }

    /** This fire, handed to a worker at {@code newDueAt} instead (the nominal instant plus jitter). */
    public FireEvent dueAt(Instant newDueAt) {
        return new FireEvent(
                schemaVersion,
                action,
                fireId,
                jobId,
                jobVersion,
                app,
                handler,
                scheduledAt,
                kind,
                attempt,
                params,
                routing,
                pinnedInstances,
                blockStrategy,
                timeoutMs,
                misfire,
                parentRunId,
                emittedAt,
                newDueAt,
                shardIndex,
                shardTotal,
                workflow,
                limit);
    }

    /** This fire limited to shard {@code index} of {@code total}. */
    public FireEvent onlyShard(int index, int total) {
        return new FireEvent(
                schemaVersion,
                action,
                fireId,
                jobId,
                jobVersion,
                app,
                handler,
                scheduledAt,
                kind,
                attempt,
                params,
                routing,
                pinnedInstances,
                blockStrategy,
                timeoutMs,
                misfire,
                parentRunId,
                emittedAt,
                dueAt,
                index,
                total,
                workflow,
                limit);
    }

    /** This fire as the run of the workflow node {@code ref} names (null: of none). */
    public FireEvent withWorkflow(WorkflowRef ref) {
        return new FireEvent(
                schemaVersion,
                action,
                fireId,
                jobId,
                jobVersion,
                app,
                handler,
                scheduledAt,
                kind,
                attempt,
                params,
                routing,
                pinnedInstances,
                blockStrategy,
                timeoutMs,
                misfire,
                parentRunId,
                emittedAt,
                dueAt,
                shardIndex,
                shardTotal,
                ref,
                limit);
    }

    /** This fire claiming {@code claim} (null: no limit). */
    public FireEvent withLimit(LimitClaim claim) {
        return new FireEvent(
                schemaVersion,
                action,
                fireId,
                jobId,
                jobVersion,
                app,
                handler,
                scheduledAt,
                kind,
                attempt,
                params,
                routing,
                pinnedInstances,
                blockStrategy,
                timeoutMs,
                misfire,
                parentRunId,
                emittedAt,
                dueAt,
                shardIndex,
                shardTotal,
                workflow,
                claim);
    }

    /** Whether the dispatcher must acquire a slot of {@link #limit()} before it routes this fire. */
    public boolean needsLimit() {
        return limit != null && !limit.granted();
    }

    /** Whether this fire re-runs one shard only ({@link #shardIndex()} of {@link #shardTotal()}). */
    public boolean coversOneShard() {
        return shardIndex != null;
    }

    /** A fire of {@code job} at {@code scheduledAt}, with the job's own settings. */
    public static FireEvent of(
            JobDefinition job,
            String fireId,
            Instant scheduledAt,
            FireKind kind,
            int attempt,
            String params,
            String parentRunId,
            Instant emittedAt) {
        return new FireEvent(
                        SCHEMA_VERSION,
                        FireAction.FIRE,
                        fireId,
                        job.id(),
                        job.version(),
                        job.app(),
                        job.handler(),
                        scheduledAt,
                        kind,
                        attempt,
                        params != null ? params : job.params(),
                        job.routing(),
                        job.pinnedInstances(),
                        job.blockStrategy(),
                        job.timeoutMs(),
                        job.misfire(),
                        parentRunId,
                        emittedAt)
                .withLimit(LimitClaim.of(job.concurrency()));
    }

    /** A cancel of the fire {@code fireId} of {@code jobId}. */
    public static FireEvent cancel(String jobId, String fireId, Instant scheduledAt, Instant emittedAt) {
        return new FireEvent(
                SCHEMA_VERSION,
                FireAction.CANCEL,
                fireId,
                jobId,
                0,
                null,
                null,
                scheduledAt,
                null,
                1,
                null,
                null,
                null,
                null,
                0,
                null,
                null,
                emittedAt,
                null,
                null,
                0);
    }
}
