package io.carillon.planner.internal;

import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.FireIds;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.WorkflowRef;
import java.time.Instant;

/**
 * An entry of the timer store: the fire {@code fireId} of {@code jobId} is to be written to {@code fires} once
 * {@code at} comes within the horizon. A scheduled timer (kind SCHEDULED) stands for the job's next scheduled
 * instant; the others come from requests or results and carry their own params, parent run id and attempt. A
 * BACKFILL timer is a cursor: {@code at} is the next instant to backfill and {@code until} the last one; its
 * {@code fireId} is the request id. {@code shardIndex} (null for all shards) limits the fire to one shard of
 * {@code shardTotal}: the retry of one failed shard of a sharded run (both null otherwise, so they take no room in
 * the stores). {@code workflow}, on the fires of a workflow node and their retries, is the node's ref, carried onto
 * the fire (null otherwise).
 */
public record Timer(
        String jobId,
        String fireId,
        Instant at,
        FireKind kind,
        String params,
        String parentRunId,
        int attempt,
        Instant until,
        Integer shardIndex,
        Integer shardTotal,
        WorkflowRef workflow) {

    public Timer {
        attempt = Math.max(1, attempt);
        shardTotal = shardIndex == null ? null : Math.max(shardTotal == null ? 0 : shardTotal, shardIndex + 1);
    }

    /** A timer of no workflow node. */
    public Timer(
            String jobId,
            String fireId,
            Instant at,
            FireKind kind,
            String params,
            String parentRunId,
            int attempt,
            Instant until,
            Integer shardIndex,
            Integer shardTotal) {
        this(jobId, fireId, at, kind, params, parentRunId, attempt, until, shardIndex, shardTotal, null);
    }

    /** A timer for every shard the job's routing gives. */
    public Timer(
            String jobId,
            String fireId,
            Instant at,
            FireKind kind,
            String params,
            String parentRunId,
            int attempt,
            Instant until) {
        this(jobId, fireId, at, kind, params, parentRunId, attempt, until, null, null);
    }

    static Timer scheduled(String jobId, Instant at) {
        return new Timer(jobId, FireIds.scheduled(jobId, at), at, FireKind.SCHEDULED, null, null, 1, null);
    }

    static Timer of(String jobId, String fireId, Instant at, FireKind kind, String params, String parentRunId) {
        return new Timer(jobId, fireId, at, kind, params, parentRunId, 1, null);
    }

    Timer movedTo(Instant newAt) {
        return new Timer(
                jobId, fireId, newAt, kind, params, parentRunId, attempt, until, shardIndex, shardTotal, workflow);
    }

    /** This timer limited to shard {@code index} of {@code total}. */
    Timer onlyShard(int index, int total) {
        return new Timer(jobId, fireId, at, kind, params, parentRunId, attempt, until, index, total, workflow);
    }

    /** This timer as the run of the workflow node {@code ref} names (null: of none). */
    Timer withWorkflow(WorkflowRef ref) {
        return new Timer(jobId, fireId, at, kind, params, parentRunId, attempt, until, shardIndex, shardTotal, ref);
    }

    /** The fire this timer stands for, at its instant, with {@code job}'s settings and its own overrides. */
    FireEvent fire(JobDefinition job, Instant now) {
        FireEvent fire = FireEvent.of(job, fireId, at, kind, attempt, params, parentRunId, now)
                .withWorkflow(workflow);
        return shardIndex == null ? fire : fire.onlyShard(shardIndex, shardTotal);
    }
}
