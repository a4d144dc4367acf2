package io.carillon.console.internal.runs;

import io.carillon.console.internal.web.NotFoundException;

/** No stored run has the id asked for (answered with 404). */
public final class RunNotFoundException extends NotFoundException {

    public RunNotFoundException(String runId) {
        super("run '" + runId + "' does not exist (or its result has not reached the console yet)");
    }
}
