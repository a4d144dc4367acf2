package io.carillon.console.internal.runs;

/** The run is not in a state the action applies to, such as killing a run that already ended (answered with 409). */
public final class RunStateConflictException extends RuntimeException {

    public RunStateConflictException(String message) {
        super(message);
    }
}
