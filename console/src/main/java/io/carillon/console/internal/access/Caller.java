package io.carillon.console.internal.access;

import java.io.Serializable;

/**
 * Who makes a request: a user, or a user's API token ({@code tokenName} set), with the grants the request acts with
 * and the address it came from (null outside a request).
 */
public record Caller(String name, String tokenName, Grants grants, String address) implements Serializable {

    /** The console itself, acting outside any request (first start, demo jobs). */
    public static final Caller SYSTEM =
            new Caller("system", null, Grants.of(java.util.List.of(new Grant(Role.ADMIN, Grant.EVERY_APP))), null);

    /**
     * The console itself doing {@code task} outside any request (an import, say), with {@link #SYSTEM}'s grants;
     * the audit log names it {@code system (task)}.
     */
    public static Caller system(String task) {
        return new Caller(SYSTEM.name() + " (" + task + ")", null, SYSTEM.grants(), null);
    }

    /**
     * Worker app {@code app} reconciling the jobs it declares in its code: it may operate its own app's jobs only;
     * the audit log names it {@code app <app>}.
     */
    public static Caller app(String app) {
        return new Caller("app " + app, null, Grants.of(java.util.List.of(new Grant(Role.OPERATOR, app))), null);
    }

    /** The name the audit log shows: the user, and the token when one was used. */
    public String actor() {
        return tokenName == null ? name : name + " (token " + tokenName + ")";
    }
}
