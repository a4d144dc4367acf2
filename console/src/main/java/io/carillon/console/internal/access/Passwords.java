package io.carillon.console.internal.access;

import io.carillon.topics.FieldError;
import java.nio.charset.StandardCharsets;

/** The rules a password must meet. bcrypt reads at most {@value #MAX_BYTES} bytes, so longer ones are refused. */
final class Passwords {

    static final int MIN_LENGTH = 12;
    static final int MAX_BYTES = 72;

    private Passwords() {}

    /** The problem with {@code password}, or null when it is acceptable. */
    static FieldError problem(String password) {
        if (password == null || password.isEmpty()) {
            return new FieldError("password", "is required");
        }
        if (password.codePointCount(0, password.length()) < MIN_LENGTH) {
            return new FieldError("password", "must have at least " + MIN_LENGTH + " characters");
        }
        if (password.getBytes(StandardCharsets.UTF_8).length > MAX_BYTES) {
            return new FieldError("password", "must be at most " + MAX_BYTES + " bytes in UTF-8");
        }
        return null;
    }
}
