package io.carillon.console.internal.runs;

import io.carillon.console.internal.web.ConflictException;

/** The run is not in a state the action applies to, such as killing a run that already ended (answered with 409). */
final class RunStateConflictException extends ConflictException {

    public RunStateConflictException(String message) {
        super(message);
    }
}
