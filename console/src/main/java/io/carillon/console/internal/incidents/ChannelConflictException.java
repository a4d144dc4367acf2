package io.carillon.console.internal.incidents;

import io.carillon.console.internal.web.ConflictException;

/** A channel's creation that clashes with what exists (answered with 409). */
final class ChannelConflictException extends ConflictException {

    public ChannelConflictException(String message) {
        super(message);
    }
}
