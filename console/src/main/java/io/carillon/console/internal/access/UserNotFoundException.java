package io.carillon.console.internal.access;

import io.carillon.console.internal.web.NotFoundException;

/** No user of that name (answered 404). */
final class UserNotFoundException extends NotFoundException {

    public UserNotFoundException(String name) {
        super("no user '" + name + "'");
    }
}
