package io.carillon.bench.internal;

/** A command line the harness cannot run: the message names the flag and what is wrong with it. */
public final class UsageException extends RuntimeException {

    public UsageException(String message) {
        super(message);
    }
}
