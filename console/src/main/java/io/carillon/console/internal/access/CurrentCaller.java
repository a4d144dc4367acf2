package io.carillon.console.internal.access;

import java.util.List;
import java.util.function.Supplier;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.core.context.SecurityContext;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.stereotype.Component;
import org.springframework.web.context.request.RequestContextHolder;
import org.springframework.web.context.request.ServletRequestAttributes;

/**
 * The {@link Caller} of the current thread's request, from Spring Security's context: a {@link CallerPrincipal}
 * (passwords and tokens) or any other authentication whose authorities are {@link GrantAuthorities grants}
 * (OpenID Connect). {@link Caller#SYSTEM} outside a request, unless the thread {@link #runAs runs as} another
 * caller. Thread-safe.
 */
@Component
public class CurrentCaller {

    public Caller get() {
        Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
        String address = address();
        if (authentication == null || !authentication.isAuthenticated()) {
            return address == null ? Caller.SYSTEM : new Caller("anonymous", null, Grants.none(), address);
        }
        if (authentication.getPrincipal() instanceof CallerPrincipal principal) {
            return new Caller(principal.name(), principal.tokenName(), principal.grants(), address);
        }
        List<String> authorities = authentication.getAuthorities().stream()
                .map(GrantedAuthority::getAuthority)
                .toList();
        return new Caller(authentication.getName(), null, GrantAuthorities.grants(authorities), address);
    }

    /**
     * Runs {@code work} on this thread as {@code caller} (whose address is ignored): its checks and audit entries
     * name that caller. The thread's previous security context is restored afterwards.
     */
    public <T> T runAs(Caller caller, Supplier<T> work) {
        SecurityContext previous = SecurityContextHolder.getContext();
        SecurityContext context = SecurityContextHolder.createEmptyContext();
        context.setAuthentication(UsernamePasswordAuthenticationToken.authenticated(
                new CallerPrincipal(caller.name(), caller.tokenName(), caller.grants()), null, List.of()));
        SecurityContextHolder.setContext(context);
        try {
            return work.get();
        } finally {
            SecurityContextHolder.setContext(previous);
        }
    }

    private static String address() {
        if (RequestContextHolder.getRequestAttributes() instanceof ServletRequestAttributes request) {
            return request.getRequest().getRemoteAddr();
        }
        return null;
    }
}
