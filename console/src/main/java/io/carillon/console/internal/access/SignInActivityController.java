package io.carillon.console.internal.access;

import static io.carillon.console.internal.support.SqlTimes.parameter;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Failed and throttled password sign-ins of the last {@link #WINDOW}, from the audit log of every console instance
 * ({@code GET /api/v1/signins}, ADMIN), so the dashboard shows an attack while it lasts.
 */
@RestController
class SignInActivityController {

    static final Duration WINDOW = Duration.ofHours(1);

    private final JdbcClient jdbc;
    private final Authorizer authorizer;
    private final Clock clock;

    SignInActivityController(JdbcClient jdbc, Authorizer authorizer, Clock clock) {
        this.jdbc = jdbc;
        this.authorizer = authorizer;
        this.clock = clock;
    }

    @GetMapping("/api/v1/signins")
    SignInActivity recent() {
        authorizer.requireAdmin();
        Instant since = clock.instant().minus(WINDOW);
        return jdbc.sql("SELECT count(*) FILTER (WHERE outcome = 'FAILED') AS failed,"
                        + " count(*) FILTER (WHERE outcome = 'REFUSED') AS refused"
                        + " FROM audit_log WHERE action = 'LOGIN' AND at >= :since")
                .param("since", parameter(since))
                .query((row, number) -> new SignInActivity(since, row.getLong("failed"), row.getLong("refused")))
                .single();
    }

    /**
     * Since {@code since}: {@code failed} sign-ins (wrong name or password) and {@code refused} ones (throttled, or
     * of a disabled or locked account).
     */
    record SignInActivity(Instant since, long failed, long refused) {}
}
