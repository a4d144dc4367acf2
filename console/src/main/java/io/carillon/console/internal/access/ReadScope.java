package io.carillon.console.internal.access;

import java.util.Set;

/**
 * The apps whose jobs and runs a caller may read, as a list query filters them: everything for an ADMIN
 * ({@code admin}), every named app for a VIEWER or OPERATOR of {@code *} ({@code everyApp}; rows whose app is unknown
 * stay ADMIN-only), else the apps of {@code apps}.
 */
public record ReadScope(boolean admin, boolean everyApp, Set<String> apps) {

    public ReadScope {
        apps = Set.copyOf(apps);
    }

    /** Whether a row of app {@code app} (null: unknown) is readable. */
    public boolean allows(String app) {
        return admin || (app != null && (everyApp || apps.contains(app)));
    }
}
