package io.carillon.worker;

import io.carillon.topics.events.RunStatus;
import java.time.Duration;

/**
 * Told of every run this worker ends, as it reports the run's terminal result: to count runs or measure them
 * (the worker starter's Micrometer meters are one). Called on the thread that ends the run (a run thread, or the
 * trigger thread for a run that never started), so it must be quick, must not block and must not throw.
 */
@FunctionalInterface
public interface RunListener {

    /** A listener that does nothing. */
    RunListener NONE = (status, duration) -> {};

    /**
     * A run ended with {@code status} (SUCCEEDED, FAILED, TIMED_OUT, KILLED or SKIPPED) after {@code duration} from
     * its start by the worker's clock; zero for a run that never started.
     */
    void runEnded(RunStatus status, Duration duration);
}
