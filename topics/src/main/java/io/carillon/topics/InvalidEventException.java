package io.carillon.topics;

import org.apache.kafka.common.errors.SerializationException;

/** A record's bytes are not a valid event of the expected type; the message says which field and why. */
public final class InvalidEventException extends SerializationException {

    public InvalidEventException(String message, Throwable cause) {
        super(message, cause);
    }

    public InvalidEventException(String message) {
        super(message);
    }
}
