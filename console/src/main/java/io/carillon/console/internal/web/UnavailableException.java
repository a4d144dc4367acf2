package io.carillon.console.internal.web;

/** Something the console needs cannot serve the request now; trying again later may succeed (answered with 503). */
public abstract class UnavailableException extends RuntimeException {

    protected UnavailableException(String message) {
        super(message);
    }

    protected UnavailableException(String message, Throwable cause) {
        super(message, cause);
    }

    /** The error text of the answer; the message unless a subclass says more. */
    public String answer() {
        return getMessage();
    }
}
