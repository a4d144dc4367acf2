package io.carillon.console.internal.kafka;

import io.carillon.console.internal.web.UnavailableException;

/** A record could not be written to Kafka (broker unreachable, send timed out or refused). */
public final class PublishException extends UnavailableException {

    public PublishException(String message, Throwable cause) {
        super(message, cause);
    }

    @Override
    public String answer() {
        return "could not publish to Kafka, try again: " + getMessage();
    }
}
