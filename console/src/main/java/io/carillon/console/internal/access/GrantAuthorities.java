package io.carillon.console.internal.access;

import java.util.Collection;
import java.util.List;
import java.util.Objects;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.core.authority.SimpleGrantedAuthority;

/** Grants as Spring Security authorities ({@code GRANT_OPERATOR:demo}) and back. */
final class GrantAuthorities {

    private static final String PREFIX = "GRANT_";

    private GrantAuthorities() {}

    static List<GrantedAuthority> of(Grants grants) {
        return grants.all().stream()
                .<GrantedAuthority>map(grant -> new SimpleGrantedAuthority(PREFIX + grant))
                .toList();
    }

    static Grants grants(Collection<String> authorities) {
        return Grants.of(authorities.stream()
                .filter(authority -> authority.startsWith(PREFIX))
                .map(authority -> Grant.parse(authority.substring(PREFIX.length())))
                .filter(Objects::nonNull)
                .toList());
    }
}
