package io.carillon.broker;

/** The broker could not start because its port is taken; the message says which and what to do. */
public final class PortInUseException extends IllegalStateException {

    public PortInUseException(String message) {
        super(message);
    }
}
