package io.carillon.console.internal.access;

import io.carillon.console.internal.web.ConflictException;

/** A user change that the current state forbids: a taken name, or removing the last ADMIN (answered 409). */
final class UserConflictException extends ConflictException {

    public UserConflictException(String message) {
        super(message);
    }
}
