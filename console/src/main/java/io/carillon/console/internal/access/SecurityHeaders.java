package io.carillon.console.internal.access;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.security.web.header.HeaderWriter;
import org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher;
import org.springframework.security.web.util.matcher.OrRequestMatcher;
import org.springframework.security.web.util.matcher.RequestMatcher;

/**
 * The {@code Content-Security-Policy} of every answer: the console's pages load scripts, styles, images and data
 * from the console only, run no inline script or style, and are framed by nobody ({@link #CONSOLE}). Swagger UI
 * ({@code /swagger-ui/**}, for signed-in callers) draws with inline styles and {@code data:} images, so its pages get
 * {@link #SWAGGER_UI}, which still runs no inline script. Thread-safe.
 */
final class SecurityHeaders implements HeaderWriter {

    static final String HEADER = "Content-Security-Policy";
    static final String CONSOLE = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self';"
            + " connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";
    static final String SWAGGER_UI = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline';"
            + " img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self';"
            + " frame-ancestors 'none'";

    private static final RequestMatcher SWAGGER = new OrRequestMatcher(
            PathPatternRequestMatcher.withDefaults().matcher("/swagger-ui/**"),
            PathPatternRequestMatcher.withDefaults().matcher("/swagger-ui.html"));

    @Override
    public void writeHeaders(HttpServletRequest request, HttpServletResponse response) {
        if (!response.containsHeader(HEADER)) {
            response.setHeader(HEADER, SWAGGER.matches(request) ? SWAGGER_UI : CONSOLE);
        }
    }
}
