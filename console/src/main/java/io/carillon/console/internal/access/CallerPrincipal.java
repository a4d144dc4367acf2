package io.carillon.console.internal.access;

import java.io.Serializable;
import org.springframework.security.core.AuthenticatedPrincipal;

/** The principal of every Carillon authentication: the user's name, the token used if any, and the grants. */
public record CallerPrincipal(String name, String tokenName, Grants grants)
        implements AuthenticatedPrincipal, Serializable {

    @Override
    public String getName() {
        return name;
    }
}
