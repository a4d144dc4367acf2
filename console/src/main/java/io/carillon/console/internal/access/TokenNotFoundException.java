package io.carillon.console.internal.access;

/** No token of that id the caller may see (answered 404). */
public final class TokenNotFoundException extends RuntimeException {

    public TokenNotFoundException(String id) {
        super("no token '" + id + "'");
    }
}
