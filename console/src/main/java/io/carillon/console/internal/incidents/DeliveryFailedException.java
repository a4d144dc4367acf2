package io.carillon.console.internal.incidents;

/** A channel did not take a notification; the message says why and never holds a target URL or secret. */
final class DeliveryFailedException extends Exception {

    DeliveryFailedException(String message) {
        super(message);
    }
}
