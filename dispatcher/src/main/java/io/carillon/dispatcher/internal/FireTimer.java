package io.carillon.dispatcher.internal;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * Holds fires until they are due: until their {@link HeldFire#releaseAt() release instant}, which is the fire's due
 * instant less the dispatcher's trigger lead. At most one fire per fire id is held. Implementations need not be thread-safe:
 * the dispatcher uses one from its own thread only.
 */
public interface FireTimer {

    /** Holds {@code fire}; false (and nothing held) when a fire with the same id is already held. */
    boolean add(HeldFire fire);

    /** Removes and returns the held fire with id {@code fireId}, if any. */
    Optional<HeldFire> cancel(String fireId);

    /** Removes and returns every fire due at or before {@code now}, earliest first, ties in the order added. */
    List<HeldFire> expire(Instant now);

    /** The instant the earliest held fire is due, or empty when nothing is held. */
    Optional<Instant> nextDue();

    /** Removes and returns the held fires that match {@code filter}. */
    List<HeldFire> removeIf(Predicate<HeldFire> filter);

    int size();
}
