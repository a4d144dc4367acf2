package io.carillon.planner.internal;

/** A record the planner cannot act on; the message is the dead letter's reason, naming the field and the problem. */
class RejectedRecordException extends RuntimeException {

    RejectedRecordException(String reason) {
        super(reason);
    }
}
