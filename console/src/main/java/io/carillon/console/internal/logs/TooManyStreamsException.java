package io.carillon.console.internal.logs;

import io.carillon.console.internal.web.UnavailableException;

/** The console already has as many live log streams open as it allows (answered with 503). */
final class TooManyStreamsException extends UnavailableException {

    public TooManyStreamsException(int max) {
        super("this console already streams " + max + " logs (carillon.console.logs.max-streams); try again later"
                + " or read the log by pages");
    }
}
