package io.carillon.console.internal.web;

/** A request names something that does not exist (answered with 404 and the message). */
public abstract class NotFoundException extends RuntimeException {

    protected NotFoundException(String message) {
        super(message);
    }
}
