package io.carillon.console.internal.incidents;

/** A channel's creation that clashes with what exists (answered with 409). */
public final class ChannelConflictException extends RuntimeException {

    public ChannelConflictException(String message) {
        super(message);
    }
}
