package io.carillon.console.internal.access;

import java.time.Duration;
import org.springframework.security.core.AuthenticationException;

/**
 * A sign-in refused before its password was checked: the (user name, address) pair or the address failed too often.
 * Answered 429 with {@code Retry-After}.
 */
public final class SignInRefusedException extends AuthenticationException {

    private final Duration retryAfter;

    public SignInRefusedException(String message, Duration retryAfter) {
        super(message);
        this.retryAfter = retryAfter;
    }

    /** How long the caller waits before the next attempt is checked at all. */
    public Duration retryAfter() {
        return retryAfter;
    }
}
