package io.carillon.console.internal.access;

import io.carillon.console.internal.audit.ActorSource;
import java.util.Set;
import java.util.stream.Collectors;
import org.springframework.stereotype.Component;

/**
 * The audit log's actors: the {@link CurrentCaller}; an ADMIN reads every entry, an OPERATOR the entries of the apps
 * they operate, others none. Thread-safe.
 */
@Component
public class AuditActors implements ActorSource {

    private final Authorizer authorizer;

    public AuditActors(Authorizer authorizer) {
        this.authorizer = authorizer;
    }

    @Override
    public Actor current() {
        Caller caller = authorizer.caller();
        return new Actor(caller.actor(), caller.address());
    }

    @Override
    public Set<String> readableApps() {
        Caller caller = authorizer.caller();
        if (caller.grants().isAdmin()) {
            return null;
        }
        Set<String> apps = caller.grants().all().stream()
                .filter(grant -> grant.role() == Role.OPERATOR)
                .map(Grant::app)
                .collect(Collectors.toSet());
        if (apps.isEmpty()) {
            authorizer.requireAdmin();
        }
        return apps;
    }
}
