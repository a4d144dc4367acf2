package io.carillon.topics.events;

import java.time.Instant;

/** The deterministic identifiers of fires and runs, so that any consumer can deduplicate them. */
public final class FireIds {

    private FireIds() {}

    /** The id of the scheduled fire of {@code jobId} at {@code scheduledAt}: {@code <job>@<epoch millis>}. */
    public static String scheduled(String jobId, Instant scheduledAt) {
        return jobId + "@" + scheduledAt.toEpochMilli();
    }

    /** The id of the retry number {@code attempt} of the fire {@code fireId}. */
    public static String retry(String fireId, int attempt) {
        return fireId + "~" + attempt;
    }

    /** The id of the run of shard {@code shardIndex} of the fire {@code fireId}: {@code <fire>#<shard>}. */
    public static String runId(String fireId, int shardIndex) {
        return fireId + "#" + shardIndex;
    }
}
