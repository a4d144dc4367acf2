package io.carillon.planner.internal;

import io.carillon.topics.events.FireIds;
import io.carillon.topics.events.RunResult;
import java.time.Instant;

/**
 * The deterministic ids the planner makes beyond {@link FireIds}, so a replayed input yields the same ids and any
 * consumer can deduplicate:
 * <ul>
 *   <li>backfill of a scheduled instant: {@code <job>@<epoch millis>!backfill}, apart from the live fire of that
 *       instant;</li>
 *   <li>child fire: {@code <parent run id>><child job id>} (the request id of the CHILD request, hence the fire id);</li>
 *   <li>retry: {@link FireIds#retry} of the original fire id, or, for one shard of a sharded run, of
 *       {@code <original fire id>#<shard>} so the retry names the shard it re-runs.</li>
 * </ul>
 */
final class PlannerIds {

    static final String BACKFILL_MARKER = "!backfill";
    static final String CHILD_SEPARATOR = ">";
    private static final String RETRY_SEPARATOR = "~";

    private PlannerIds() {}

    static String backfill(String jobId, Instant instant) {
        return FireIds.scheduled(jobId, instant) + BACKFILL_MARKER;
    }

    static String child(String parentRunId, String childJobId) {
        return parentRunId + CHILD_SEPARATOR + childJobId;
    }

    /** The fire id of the next attempt after {@code result}'s run. */
    static String retry(RunResult result) {
        return retry(result.fireId(), result.attempt(), result.shardIndex(), result.shardTotal());
    }

    /** The fire id of the next attempt after the run of shard {@code shardIndex} of the fire {@code fireId}. */
    static String retry(String fireId, int attempt, int shardIndex, int shardTotal) {
        return FireIds.retry(retried(fireId, attempt, shardIndex, shardTotal), attempt + 1);
    }

    /**
     * What the retry re-runs: the fire id without its retry suffix, plus the shard for one shard of a sharded run
     * (a retry's fire id already names its shard).
     */
    private static String retried(String fireId, int attempt, int shardIndex, int shardTotal) {
        String suffix = RETRY_SEPARATOR + attempt;
        if (attempt > 1 && fireId.endsWith(suffix)) {
            return fireId.substring(0, fireId.length() - suffix.length());
        }
        return shardTotal > 1 ? FireIds.runId(fireId, shardIndex) : fireId;
    }
}
