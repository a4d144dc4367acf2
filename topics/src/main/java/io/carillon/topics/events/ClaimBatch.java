package io.carillon.topics.events;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.time.Instant;
import java.util.List;

/**
 * A record on {@code claims} (key: the first claim's job id; written to the partition that key and every other
 * claim's job id map to, so it is co-partitioned with {@code results}): the claims one worker instance wrote in one
 * claim round for one partition. A claim is a STARTED {@link RunResult} without {@code startedAt}: the run is taken,
 * not started yet. The worker writes a batch, and waits for the broker to have it, before it commits the triggers'
 * offsets and hands the runs to its executor; should it die before a run's terminal result, the planner finds the run
 * open and ends it LOST. Only Carillon reads {@code claims} (the planner and the console); a batch holds at most
 * {@link #MAX_CLAIMS} claims and {@link #MAX_CHARS} characters by {@link #estimatedChars}, a claim larger alone
 * travelling alone. Immutable.
 *
 * @param claims the claims, in the order they were made; never empty when written
 * @param instance the claiming worker instance (each claim names it too)
 * @param claimedAt when the worker made the claims, by its clock
 * @param schemaVersion {@value #SCHEMA_VERSION}
 */
@JsonPropertyOrder({"claims", "instance", "claimedAt", "schemaVersion"})
public record ClaimBatch(List<RunResult> claims, String instance, Instant claimedAt, int schemaVersion) {

    public static final int SCHEMA_VERSION = 1;
    /** The most claims one record carries: far below the broker's default record size at their usual size. */
    public static final int MAX_CLAIMS = 256;
    /**
     * The most characters one record's claims may take by {@link #estimatedChars}: a quarter of the broker's and
     * producer's default limit of 1 MiB per record, so that a batch never fails where its claims alone would not.
     */
    public static final long MAX_CHARS = 256 * 1024;

    public ClaimBatch {
        claims = claims == null ? List.of() : List.copyOf(claims);
        schemaVersion = schemaVersion == 0 ? SCHEMA_VERSION : schemaVersion;
    }

    public ClaimBatch(List<RunResult> claims, String instance, Instant claimedAt) {
        this(claims, instance, claimedAt, SCHEMA_VERSION);
    }

    /** Whether {@code result} is a claim: a STARTED without {@code startedAt}. */
    public static boolean isClaim(RunResult result) {
        return result.status() == RunStatus.STARTED && result.startedAt() == null;
    }

    /** The characters {@code claim} is counted for against {@link #MAX_CHARS}. */
    public static long estimatedChars(RunResult claim) {
        return BatchSizes.chars(claim.params(), claim.workflow());
    }
}
