package io.carillon.console.internal.access;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Optional;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.context.SecurityContext;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.web.AuthenticationEntryPoint;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Authenticates a request that carries {@code Authorization: Bearer <token>} as the token's user with the token's
 * grants, for this request only (no session). A token that authenticates nobody is answered 401 at once.
 */
final class BearerTokenFilter extends OncePerRequestFilter {

    private static final String SCHEME = "Bearer ";

    private final TokenService tokens;
    private final AuthenticationEntryPoint entryPoint;

    BearerTokenFilter(TokenService tokens, AuthenticationEntryPoint entryPoint) {
        this.tokens = tokens;
        this.entryPoint = entryPoint;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String header = request.getHeader("Authorization");
        if (header == null || !header.regionMatches(true, 0, SCHEME, 0, SCHEME.length())) {
            chain.doFilter(request, response);
            return;
        }
        Optional<CallerPrincipal> principal =
                tokens.authenticate(header.substring(SCHEME.length()).trim());
        if (principal.isEmpty()) {
            SecurityContextHolder.clearContext();
            entryPoint.commence(
                    request, response, new BadCredentialsException("the bearer token is unknown, expired or revoked"));
            return;
        }
        SecurityContext context = SecurityContextHolder.createEmptyContext();
        context.setAuthentication(UsernamePasswordAuthenticationToken.authenticated(
                principal.get(), null, GrantAuthorities.of(principal.get().grants())));
        SecurityContextHolder.setContext(context);
        try {
            chain.doFilter(request, response);
        } finally {
            SecurityContextHolder.clearContext();
        }
    }
}
