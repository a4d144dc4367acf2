package io.carillon.console.internal.incidents;

import io.carillon.console.internal.web.NotFoundException;

/** No incident has the given id (answered with 404). */
final class IncidentNotFoundException extends NotFoundException {

    public IncidentNotFoundException(String id) {
        super("no incident with id '" + id + "'");
    }
}
