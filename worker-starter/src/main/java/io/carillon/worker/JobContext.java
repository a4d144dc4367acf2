package io.carillon.worker;

import io.carillon.topics.events.FireKind;
import java.time.Instant;

/**
 * What a handler knows about the run it executes. One instance per run; it may be used from any thread while the run
 * lasts.
 */
public interface JobContext {

    /** The job's params as given (often JSON), or null. */
    String params();

    /**
     * The params read as JSON into {@code type}, or null when there are none.
     *
     * @throws IllegalArgumentException when the params are not valid JSON for {@code type}
     */
    <T> T params(Class<T> type);

    String jobId();

    /** The id of this run: the fire id plus the shard. */
    String runId();

    String fireId();

    /** Why the fire happened (scheduled, manual, retry, ...). */
    FireKind kind();

    /** 1 for the first attempt of a fire, then 2, 3, ... for retries. */
    int attempt();

    /** The instant the run was scheduled for. */
    Instant scheduledAt();

    /** This run's shard, from 0 to {@link #shardTotal()} - 1. */
    int shardIndex();

    /** How many shards the fire has; 1 when it is not sharded. */
    int shardTotal();

    /** Logs a line of this run: to the service's own log and to the run's log on the {@code logs} topic. */
    void log(String message);

    /**
     * Reports how far the run has come: {@code done} of {@code total} units ({@code total} 0 when unknown), with an
     * optional message. Reports are throttled to at most one PROGRESS result per run every 500 ms: the latest
     * report wins, and the last one is published before the run's terminal status. Cheap enough to call per item.
     *
     * @throws IllegalArgumentException when {@code done} or {@code total} is negative
     */
    void progress(long done, long total, String message);

    /**
     * Whether the run was stopped (timed out, killed by a request or by a newer trigger of a COVER_EARLY job, or the
     * worker shut down) and its result already reported.
     * A handler doing long work should check this and return early.
     */
    boolean isCancelled();
}
