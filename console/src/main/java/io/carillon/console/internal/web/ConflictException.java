package io.carillon.console.internal.web;

/** A request conflicts with the state of what it changes (answered with 409 and the message). */
public abstract class ConflictException extends RuntimeException {

    protected ConflictException(String message) {
        super(message);
    }
}
