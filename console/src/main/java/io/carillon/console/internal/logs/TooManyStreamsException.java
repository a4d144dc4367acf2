package io.carillon.console.internal.logs;

/** The console already has as many live log streams open as it allows (answered with 503). */
public final class TooManyStreamsException extends RuntimeException {

    public TooManyStreamsException(int max) {
        super("this console already streams " + max + " logs (carillon.console.logs.max-streams); try again later"
                + " or read the log by pages");
    }
}
