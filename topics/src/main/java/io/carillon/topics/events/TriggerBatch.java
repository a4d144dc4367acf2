package io.carillon.topics.events;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * A record on {@code trigger.<app>} that carries several runs bound for one partition and due at one instant (key:
 * the first run's id). The dispatcher writes one when a transaction sends more than one trigger to the same partition
 * for the same due instant; a lone trigger travels as a {@link Trigger} record of its own. The worker that owns the
 * partition claims and commits the runs of a record together. Readers take both forms
 * ({@link io.carillon.topics.EventSerdes#TRIGGERS}).
 */
@JsonPropertyOrder({"triggers", "schemaVersion"})
public record TriggerBatch(List<Trigger> triggers, int schemaVersion) {

    public static final int SCHEMA_VERSION = 1;
    /** The most runs one record carries: far below the broker's default record size at their usual size. */
    public static final int MAX_TRIGGERS = 256;
    /**
     * The most characters one record's events may take by {@link #estimatedChars}: a quarter of the broker's and
     * producer's default limit of 1 MiB per record, so that a batch never fails where its events alone would not.
     * An event that is larger alone travels alone.
     */
    public static final long MAX_CHARS = 256 * 1024;

    public TriggerBatch {
        triggers = triggers == null ? List.of() : List.copyOf(triggers);
        schemaVersion = schemaVersion == 0 ? SCHEMA_VERSION : schemaVersion;
    }

    public TriggerBatch(List<Trigger> triggers) {
        this(triggers, SCHEMA_VERSION);
    }

    /** The characters {@code trigger} is counted for against {@link #MAX_CHARS}. */
    public static long estimatedChars(Trigger trigger) {
        return BatchSizes.chars(trigger.params(), trigger.workflow());
    }
}
