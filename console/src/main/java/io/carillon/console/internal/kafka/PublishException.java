package io.carillon.console.internal.kafka;

/** A record could not be written to Kafka (broker unreachable, send timed out or refused). */
public final class PublishException extends RuntimeException {

    public PublishException(String message, Throwable cause) {
        super(message, cause);
    }
}
