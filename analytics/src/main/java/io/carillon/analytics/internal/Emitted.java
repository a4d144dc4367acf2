package io.carillon.analytics.internal;

/**
 * A record a processor hands on: its serialized value and where it goes. The topology routes each target to its
 * topic (or, for {@link Target#TO_APP}, through the repartition by app).
 */
public record Emitted(Target target, byte[] value) {

    /** Where an emitted record goes. */
    public enum Target {
        STATS,
        ALERTS,
        DLQ,
        TO_APP
    }

    public boolean isFor(Target other) {
        return target == other;
    }
}
