package io.carillon.worker.internal;

/**
 * Where a run taken by the {@link RunExecutor} stands until it ends. A run is in one state at a time; it leaves the
 * {@link RunStates} when it ends or is released.
 *
 * <pre>
 *   arrives early ── EARLY ──── comes due ──┐
 *   arrives due, job busy (SERIAL) ─ QUEUED ┤ (QUEUED_EARLY when it arrived before its dueAt)
 *                                           ├─ slot free ── RUNNING ── returns or stopped ── (released)
 *                                           └─ none free ── READY ──── a slot is given back ─┘
 * </pre>
 */
enum RunState {

    /** Waits for its {@code dueAt} without a slot; takes an early place. */
    EARLY,
    /** Waits behind a run of its job (SERIAL), having arrived when due; takes a waiting place. */
    QUEUED,
    /** Waits behind a run of its job (SERIAL), having arrived before its {@code dueAt}; takes an early place. */
    QUEUED_EARLY,
    /** Due, and waits for a free slot. */
    READY,
    /** Holds a slot: handed to a pool thread, or running its handler. */
    RUNNING;

    /** Whether the run waits behind a run of its job. */
    boolean isQueued() {
        return this == QUEUED || this == QUEUED_EARLY;
    }

    /** Whether the run counts as waiting: every state but RUNNING. */
    boolean isWaiting() {
        return this != RUNNING;
    }
}
