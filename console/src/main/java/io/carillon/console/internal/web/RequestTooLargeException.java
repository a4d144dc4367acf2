package io.carillon.console.internal.web;

import java.io.IOException;

/** A request body longer than {@code carillon.console.api.max-request-bytes} (answered 413). */
final class RequestTooLargeException extends IOException {

    RequestTooLargeException(long max) {
        super("the request body is larger than " + max + " bytes (carillon.console.api.max-request-bytes)");
    }
}
