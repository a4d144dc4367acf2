package io.carillon.console.internal.access;

/** Where a user's identity comes from. */
public enum UserSource {
    /** A user name and password kept by the console. */
    LOCAL,
    /** An OpenID Connect provider; grants are taken from its claim at every sign-in. */
    OIDC
}
