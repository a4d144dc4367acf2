package io.carillon.topics;

/** An existing topic does not match the catalog in a way that would break Carillon's guarantees. */
public final class TopicMismatchException extends IllegalStateException {

    public TopicMismatchException(String message) {
        super(message);
    }
}
