package io.carillon.topics.events;

/**
 * The state of one run as reported on the results topic. WAITING (non-terminal) says the run waits in the queue of
 * its job's concurrency limit (the limiter reports it, naming the limit in the message); it comes first, since STARTED
 * follows when the run gets a slot (or a terminal status when it is given up).
 */
public enum RunStatus {
    WAITING(false),
    STARTED(false),
    PROGRESS(false),
    SUCCEEDED(true),
    FAILED(true),
    TIMED_OUT(true),
    KILLED(true),
    SKIPPED(true),
    LOST(true),
    NO_WORKER(true);

    private final boolean terminal;

    RunStatus(boolean terminal) {
        this.terminal = terminal;
    }

    /** Whether no further status follows this one for the same run. */
    public boolean isTerminal() {
        return terminal;
    }
}
