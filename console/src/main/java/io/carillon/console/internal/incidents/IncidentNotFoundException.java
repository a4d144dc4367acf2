package io.carillon.console.internal.incidents;

/** No incident has the given id (answered with 404). */
public final class IncidentNotFoundException extends RuntimeException {

    public IncidentNotFoundException(String id) {
        super("no incident with id '" + id + "'");
    }
}
