package io.carillon.console.internal.access;

/** A user change that the current state forbids: a taken name, or removing the last ADMIN (answered 409). */
public final class UserConflictException extends RuntimeException {

    public UserConflictException(String message) {
        super(message);
    }
}
