package io.carillon.console.internal.access;

/** No user of that name (answered 404). */
public final class UserNotFoundException extends RuntimeException {

    public UserNotFoundException(String name) {
        super("no user '" + name + "'");
    }
}
