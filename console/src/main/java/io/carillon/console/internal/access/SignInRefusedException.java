package io.carillon.console.internal.access;

import org.springframework.security.core.AuthenticationException;

/** A sign-in refused before its password was checked: the source address failed too often. Answered 429. */
public final class SignInRefusedException extends AuthenticationException {

    public SignInRefusedException(String message) {
        super(message);
    }
}
