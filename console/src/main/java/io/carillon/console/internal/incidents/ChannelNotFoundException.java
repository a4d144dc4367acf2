package io.carillon.console.internal.incidents;

import io.carillon.console.internal.web.NotFoundException;

/** No notification channel has the given name (answered with 404). */
final class ChannelNotFoundException extends NotFoundException {

    public ChannelNotFoundException(String name) {
        super("no notification channel named '" + name + "'");
    }
}
