package io.carillon.topics.events;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * A record on {@code fires} that carries several fires of one planner partition due at one instant (key: the first
 * fire's job id, so it lands on the partition of all of them). The planner writes one when a punctuation has more
 * than one fire with the same due instant, so a second's fires of a partition cost a few records, not one each; a
 * lone fire travels as a {@link FireEvent} record of its own. Readers take both forms
 * ({@link io.carillon.topics.EventSerdes#FIRES}). Order within {@code fires} is the planner's.
 */
@JsonPropertyOrder({"fires", "schemaVersion"})
public record FireBatch(List<FireEvent> fires, int schemaVersion) {

    public static final int SCHEMA_VERSION = 1;
    /** The most fires one record carries: far below the broker's default record size at their usual size. */
    public static final int MAX_FIRES = 256;
    /**
     * The most characters one record's events may take by {@link #estimatedChars}: a quarter of the broker's and
     * producer's default limit of 1 MiB per record, so that a batch never fails where its events alone would not.
     * An event that is larger alone travels alone.
     */
    public static final long MAX_CHARS = 256 * 1024;

    public FireBatch {
        fires = fires == null ? List.of() : List.copyOf(fires);
        schemaVersion = schemaVersion == 0 ? SCHEMA_VERSION : schemaVersion;
    }

    public FireBatch(List<FireEvent> fires) {
        this(fires, SCHEMA_VERSION);
    }

    /** The characters {@code fire} is counted for against {@link #MAX_CHARS}. */
    public static long estimatedChars(FireEvent fire) {
        return BatchSizes.chars(fire.params(), fire.workflow());
    }
}
