package io.carillon.topics.events;

/** What becomes of a run whose job's concurrency limit is fully held when the run is due. */
public enum WhenBusy {
    /** The run waits (status WAITING) in the limit's queue and starts when a holder ends, first come first served. */
    WAIT,
    /** The run ends SKIPPED at once. */
    SKIP,
    /** The run ends FAILED at once (and is retried by the job's retry policy like any failure). */
    FAIL
}
