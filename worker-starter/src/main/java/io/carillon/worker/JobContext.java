package io.carillon.worker;

import io.carillon.topics.events.FireKind;
import java.time.Instant;
import java.util.Map;

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

    /**
     * Whether this run is the run of a workflow node ({@link FireKind#WORKFLOW}, or a retry of one): then
     * {@link #workflowOutputs()} holds its ancestors' outputs and {@link #setOutput} hands data to its descendants.
     */
    default boolean inWorkflow() {
        return false;
    }

    /**
     * The outputs the ancestors of this workflow node put ({@link #setOutput}), by node id; empty for a run of no
     * workflow. Ancestors that put nothing are absent; so are the farthest ones when all would not fit in
     * {@link io.carillon.topics.events.WorkflowRef#MAX_CONTEXT_CHARS}.
     */
    default Map<String, String> workflowOutputs() {
        return Map.of();
    }

    /** The output ancestor node {@code nodeId} put, or null when it put none (or is no ancestor). */
    default String workflowOutput(String nodeId) {
        return workflowOutputs().get(nodeId);
    }

    /**
     * Puts this run's output, sent with its terminal result (the last call wins; null clears it); in a workflow, the
     * node's descendants read it through {@link #workflowOutput}.
     *
     * @throws IllegalArgumentException when {@code output} is longer than
     *     {@link io.carillon.topics.events.RunResult#MAX_OUTPUT_CHARS} characters
     */
    default void setOutput(String output) {
        throw new UnsupportedOperationException("this context does not carry an output");
    }
}
