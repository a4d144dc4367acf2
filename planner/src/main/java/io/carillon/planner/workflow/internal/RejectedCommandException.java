package io.carillon.planner.workflow.internal;

/** A record the engine cannot act on; its message, naming the field, becomes the dead letter's reason. */
final class RejectedCommandException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    RejectedCommandException(String message) {
        super(message);
    }
}
