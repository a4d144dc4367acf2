package io.carillon.console.internal.incidents;

/** No notification channel has the given name (answered with 404). */
public final class ChannelNotFoundException extends RuntimeException {

    public ChannelNotFoundException(String name) {
        super("no notification channel named '" + name + "'");
    }
}
