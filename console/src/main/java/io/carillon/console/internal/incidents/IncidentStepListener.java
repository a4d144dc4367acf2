package io.carillon.console.internal.incidents;

import io.carillon.topics.events.Incident;
import java.time.Instant;

/**
 * Told of each incident step the console stores for the first time (a replayed step is not told again), inside the
 * database transaction that stores it: what a listener writes commits or rolls back with the step, and an exception
 * makes the step be retried. Called on the incident materializer's container thread; a listener bean is found by
 * type.
 */
public interface IncidentStepListener {

    void stored(Incident step, Instant now);
}
