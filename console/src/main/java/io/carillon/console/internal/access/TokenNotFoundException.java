package io.carillon.console.internal.access;

import io.carillon.console.internal.web.NotFoundException;

/** No token of that id the caller may see (answered 404). */
final class TokenNotFoundException extends NotFoundException {

    public TokenNotFoundException(String id) {
        super("no token '" + id + "'");
    }
}
