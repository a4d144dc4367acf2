package io.carillon.console.internal.access;

import io.carillon.console.internal.audit.AuditAction;
import io.carillon.console.internal.audit.AuditLog;
import io.carillon.console.internal.audit.AuditOutcome;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.servlet.http.HttpServletResponse;
import java.time.Clock;
import java.util.Map;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.security.authentication.AnonymousAuthenticationToken;
import org.springframework.security.authentication.InsufficientAuthenticationException;
import org.springframework.security.config.annotation.authentication.builders.AuthenticationManagerBuilder;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configuration.EnableWebSecurity;
import org.springframework.security.config.annotation.web.configurers.AbstractHttpConfigurer;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.config.observation.SecurityObservationSettings;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.crypto.factory.PasswordEncoderFactories;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.oauth2.client.registration.ClientRegistrationRepository;
import org.springframework.security.web.AuthenticationEntryPoint;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.access.AccessDeniedHandler;
import org.springframework.security.web.authentication.AuthenticationFailureHandler;
import org.springframework.security.web.authentication.AuthenticationSuccessHandler;
import org.springframework.security.web.authentication.LoginUrlAuthenticationEntryPoint;
import org.springframework.security.web.authentication.www.BasicAuthenticationFilter;
import org.springframework.security.web.csrf.CookieCsrfTokenRepository;
import org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher;
import org.springframework.security.web.util.matcher.AnyRequestMatcher;
import org.springframework.security.web.util.matcher.OrRequestMatcher;
import org.springframework.security.web.util.matcher.RequestMatcher;

/**
 * Who may reach the console: every page and {@code /api/**} endpoint needs a signed-in caller except the login page,
 * its assets and {@code /actuator/health}; so do the OpenAPI document ({@code /v3/api-docs}, answered 401 like the
 * API) and Swagger UI. The browser signs in at {@code /login} and holds a session whose unsafe
 * requests need the CSRF token of the {@code XSRF-TOKEN} cookie in {@code X-XSRF-TOKEN}; scripts send
 * {@code Authorization: Bearer <token>} or HTTP Basic and get no session (a request carrying an Authorization
 * header needs no CSRF token, since a browser adds none by itself: the 401 challenge is {@code Bearer}, so browsers
 * never cache Basic credentials). With an OpenID Connect client registration, {@code /oauth2/authorization/<id>}
 * signs in there. What a signed-in caller may do is decided per app by {@link Authorizer}.
 */
@Configuration(proxyBeanMethods = false)
@EnableWebSecurity
class AccessConfiguration {

    static final String LOGIN_PAGE = "/login";
    private static final String[] PUBLIC = {
        LOGIN_PAGE,
        LOGIN_PAGE + "/options",
        "/login.html",
        "/console/login.js",
        "/console/i18n.js",
        "/console/i18n-zh-cn.js",
        "/console/i18n-zh-cn-jobs.js",
        "/console/i18n-zh-cn-calendars.js",
        "/console/i18n-zh-cn-workflows.js",
        "/console/console.css",
        "/favicon.ico",
        "/error",
        "/actuator/health",
        "/actuator/health/**"
    };
    private static final String CHALLENGE = "Bearer realm=\"carillon\"";
    private static final long MILLIS_TO_ROUND_UP = 999;
    private static final RequestMatcher API = new OrRequestMatcher(
            PathPatternRequestMatcher.withDefaults().matcher("/api/**"),
            PathPatternRequestMatcher.withDefaults().matcher("/actuator/**"),
            PathPatternRequestMatcher.withDefaults().matcher("/v3/api-docs/**"));

    @Bean
    PasswordEncoder passwordEncoder() {
        return PasswordEncoderFactories.createDelegatingPasswordEncoder();
    }

    /**
     * The security filter chain is not observed filter by filter: a Micrometer observation around each filter of
     * each request costs more CPU than the request's own work on a small machine. Requests stay observed as a whole
     * ({@code http.server.requests}).
     */
    @Bean
    SecurityObservationSettings securityObservationSettings() {
        return SecurityObservationSettings.noObservations();
    }

    @Bean
    PasswordAuthenticationProvider passwordAuthenticationProvider(
            UserRepository users,
            PasswordEncoder encoder,
            AuditLog audit,
            AccessProperties properties,
            Clock clock,
            MeterRegistry meters) {
        return new PasswordAuthenticationProvider(users, encoder, audit, properties.getLogin(), clock, meters);
    }

    /**
     * Requests that carry an {@code Authorization} header (a bearer token or HTTP Basic) are authenticated by that
     * header alone, each on its own: no session, no CSRF token, no saved request. A browser adds no such header by
     * itself, so this chain needs no CSRF protection.
     */
    @Bean
    @Order(1)
    SecurityFilterChain headerAuthenticatedSecurity(
            HttpSecurity http, PasswordAuthenticationProvider passwords, TokenService tokens) {
        AuthenticationEntryPoint entryPoint = apiEntryPoint();
        http.securityMatcher(request -> request.getHeader(HttpHeaders.AUTHORIZATION) != null)
                .authorizeHttpRequests(requests -> requests.requestMatchers(PUBLIC)
                        .permitAll()
                        .anyRequest()
                        .authenticated())
                .authenticationProvider(passwords)
                .httpBasic(basic -> basic.authenticationEntryPoint(entryPoint))
                .addFilterBefore(new BearerTokenFilter(tokens, entryPoint), BasicAuthenticationFilter.class)
                .csrf(AbstractHttpConfigurer::disable)
                .headers(headers -> headers.addHeaderWriter(new SecurityHeaders()))
                .requestCache(AbstractHttpConfigurer::disable)
                .sessionManagement(sessions -> sessions.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
                .exceptionHandling(errors ->
                        errors.authenticationEntryPoint(entryPoint).accessDeniedHandler(accessDenied(entryPoint)));
        withoutParentManager(http);
        return http.build();
    }

    @Bean
    @Order(2)
    SecurityFilterChain consoleSecurity(
            HttpSecurity http,
            PasswordAuthenticationProvider passwords,
            AuditLog audit,
            ObjectProvider<ClientRegistrationRepository> oidc,
            OidcGrantsMapper oidcGrants) {
        AuthenticationEntryPoint apiEntryPoint = apiEntryPoint();
        http.authorizeHttpRequests(requests -> requests.requestMatchers(PUBLIC)
                        .permitAll()
                        .anyRequest()
                        .authenticated())
                .authenticationProvider(passwords)
                .formLogin(form -> form.loginPage(LOGIN_PAGE)
                        .loginProcessingUrl(LOGIN_PAGE)
                        .successHandler(signedIn(audit))
                        .failureHandler(signInFailed())
                        .permitAll())
                .logout(logout -> logout.logoutUrl("/logout")
                        .logoutSuccessHandler((request, response, authentication) ->
                                response.setStatus(HttpServletResponse.SC_NO_CONTENT)))
                .csrf(csrf -> csrf.spa().csrfTokenRepository(sameSiteCsrfCookie()))
                .headers(headers -> headers.addHeaderWriter(new SecurityHeaders()))
                .sessionManagement(sessions -> sessions.sessionCreationPolicy(SessionCreationPolicy.IF_REQUIRED))
                .exceptionHandling(errors -> errors.defaultAuthenticationEntryPointFor(apiEntryPoint, API)
                        .defaultAuthenticationEntryPointFor(
                                new LoginUrlAuthenticationEntryPoint(LOGIN_PAGE), AnyRequestMatcher.INSTANCE)
                        .accessDeniedHandler(accessDenied(apiEntryPoint)));
        if (oidc.getIfAvailable() != null) {
            http.oauth2Login(login -> login.loginPage(LOGIN_PAGE)
                    .userInfoEndpoint(userInfo -> userInfo.oidcUserService(oidcGrants))
                    .successHandler((request, response, authentication) -> {
                        audit.record(
                                authentication.getName(),
                                request.getRemoteAddr(),
                                AuditAction.LOGIN,
                                PasswordAuthenticationProvider.TARGET_TYPE,
                                authentication.getName(),
                                null,
                                null,
                                null,
                                AuditOutcome.OK);
                        response.sendRedirect("/");
                    }));
        }
        withoutParentManager(http);
        return http.build();
    }

    /**
     * A chain's sign-ins are checked by its own providers only: the global manager would check (and count) a failed
     * password a second time.
     */
    private static void withoutParentManager(HttpSecurity http) {
        http.getSharedObject(AuthenticationManagerBuilder.class).parentAuthenticationManager(null);
    }

    private static AuthenticationEntryPoint apiEntryPoint() {
        return (request, response, failure) -> {
            response.setHeader("WWW-Authenticate", CHALLENGE);
            JsonAnswers.error(response, failureStatus(response, failure), failure.getMessage());
        };
    }

    /** 429 with {@code Retry-After} (whole seconds, at least 1) for a throttled sign-in, 401 for any other failure. */
    private static int failureStatus(HttpServletResponse response, AuthenticationException failure) {
        if (failure instanceof SignInRefusedException refused) {
            long seconds = Math.max(
                    1, refused.retryAfter().plusMillis(MILLIS_TO_ROUND_UP).toSeconds());
            response.setHeader(HttpHeaders.RETRY_AFTER, Long.toString(seconds));
            return HttpStatus.TOO_MANY_REQUESTS.value();
        }
        return HttpServletResponse.SC_UNAUTHORIZED;
    }

    /** The {@code XSRF-TOKEN} cookie, readable by the page's script, {@code SameSite=Lax}, secure over HTTPS. */
    private static CookieCsrfTokenRepository sameSiteCsrfCookie() {
        CookieCsrfTokenRepository repository = CookieCsrfTokenRepository.withHttpOnlyFalse();
        repository.setCookieCustomizer(cookie -> cookie.sameSite("Lax"));
        return repository;
    }

    private static AccessDeniedHandler accessDenied(AuthenticationEntryPoint apiEntryPoint) {
        return (request, response, failure) -> {
            if (API.matches(request) && !signedIn()) {
                apiEntryPoint.commence(
                        request,
                        response,
                        new InsufficientAuthenticationException("sign in first: send a bearer token or HTTP Basic"));
            } else {
                JsonAnswers.error(response, HttpServletResponse.SC_FORBIDDEN, failure.getMessage());
            }
        };
    }

    private static boolean signedIn() {
        Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
        return authentication != null
                && authentication.isAuthenticated()
                && !(authentication instanceof AnonymousAuthenticationToken);
    }

    private static AuthenticationSuccessHandler signedIn(AuditLog audit) {
        return (request, response, authentication) -> {
            audit.record(
                    authentication.getName(),
                    request.getRemoteAddr(),
                    AuditAction.LOGIN,
                    PasswordAuthenticationProvider.TARGET_TYPE,
                    authentication.getName(),
                    null,
                    null,
                    null,
                    AuditOutcome.OK);
            JsonAnswers.json(response, Map.of("name", authentication.getName()));
        };
    }

    private static AuthenticationFailureHandler signInFailed() {
        return (request, response, failure) ->
                JsonAnswers.error(response, failureStatus(response, failure), failure.getMessage());
    }
}
