package io.carillon.topics.events;

/** The state of one run as reported on the results topic. */
public enum RunStatus {
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
