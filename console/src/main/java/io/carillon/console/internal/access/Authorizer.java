package io.carillon.console.internal.access;

import java.util.Set;
import java.util.stream.Collectors;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.stereotype.Component;

/**
 * The one place where the console decides whether the current caller may do something; every service asks it
 * per job, per run and per app before acting or answering. Refusals are {@link AccessDeniedException}s (403) that
 * name what was refused. Thread-safe.
 */
@Component
public class Authorizer {

    private final CurrentCaller callers;

    public Authorizer(CurrentCaller callers) {
        this.callers = callers;
    }

    public Caller caller() {
        return callers.get();
    }

    public boolean canRead(String app) {
        return caller().grants().canRead(app);
    }

    public boolean canOperate(String app) {
        return caller().grants().canOperate(app);
    }

    /** The apps the caller may read, for list queries that answer readable rows only. */
    public ReadScope readScope() {
        Grants grants = caller().grants();
        Set<String> apps = grants.all().stream().map(Grant::app).collect(Collectors.toSet());
        return new ReadScope(grants.isAdmin(), apps.contains(Grant.EVERY_APP), apps);
    }

    /** Refuses a caller who may not read app {@code app}. */
    public void requireRead(String app) {
        Caller caller = caller();
        if (!caller.grants().canRead(app)) {
            throw refused(caller, "read app '" + app + "'");
        }
    }

    /** Refuses a caller who may not change or run the jobs of app {@code app}. */
    public void requireOperate(String app) {
        Caller caller = caller();
        if (!caller.grants().canOperate(app)) {
            throw refused(caller, "operate app '" + app + "'");
        }
    }

    /** Refuses a caller who is not an ADMIN. */
    public void requireAdmin() {
        Caller caller = caller();
        if (!caller.grants().isAdmin()) {
            throw refused(caller, "do this: it needs the ADMIN role");
        }
    }

    private static AccessDeniedException refused(Caller caller, String what) {
        return new AccessDeniedException(caller.actor() + " may not " + what);
    }
}
