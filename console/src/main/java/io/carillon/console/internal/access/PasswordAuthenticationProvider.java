package io.carillon.console.internal.access;

import io.carillon.console.internal.audit.AuditAction;
import io.carillon.console.internal.audit.AuditLog;
import io.carillon.console.internal.audit.AuditOutcome;
import io.carillon.topics.Json;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.web.authentication.WebAuthenticationDetails;

/**
 * Checks a user name and password (the login page and HTTP Basic) against {@code users}. Refuses at once, without
 * checking the password, an address that failed too often ({@link AddressThrottle}) and a user name that failed too
 * often from this address ({@link SignInThrottle}); refuses a wrong password, an unknown name, a disabled account and
 * one an ADMIN locked. Every failure gets the same {@link #SIGN_IN_FAILED} answer after the same work (an unknown
 * name is checked against a dummy hash), so the answer tells nobody which accounts exist. Failures and refusals are
 * audited and refusals counted in {@value #THROTTLED_METER}. Thread-safe.
 */
final class PasswordAuthenticationProvider implements AuthenticationProvider {

    static final String TARGET_TYPE = "USER";
    static final String SIGN_IN_FAILED = "sign-in failed: wrong user name or password, or too many failed sign-ins";
    static final String THROTTLED_METER = "carillon.console.signins.throttled";

    private final UserRepository users;
    private final PasswordEncoder encoder;
    private final AddressThrottle addresses;
    private final SignInThrottle pairs;
    private final AuditLog audit;
    private final AccessProperties.Login settings;
    private final Clock clock;
    private final String unknownUserHash;
    private final Counter addressRefusals;
    private final Counter pairRefusals;

    PasswordAuthenticationProvider(
            UserRepository users,
            PasswordEncoder encoder,
            AuditLog audit,
            AccessProperties.Login settings,
            Clock clock,
            MeterRegistry meters) {
        this.users = users;
        this.encoder = encoder;
        this.audit = audit;
        this.settings = settings;
        this.clock = clock;
        this.addresses = new AddressThrottle(settings.getMaxAddressFailures(), settings.getAddressWindow(), clock);
        this.pairs =
                new SignInThrottle(settings.getMaxFailures(), settings.getFirstDelay(), settings.getMaxDelay(), clock);
        this.unknownUserHash = encoder.encode("no such user");
        this.addressRefusals = refusals(meters, "address");
        this.pairRefusals = refusals(meters, "name-and-address");
    }

    @Override
    public Authentication authenticate(Authentication attempt) {
        String name = attempt.getName();
        String password =
                attempt.getCredentials() == null ? "" : attempt.getCredentials().toString();
        String address =
                attempt.getDetails() instanceof WebAuthenticationDetails details ? details.getRemoteAddress() : null;
        Optional<Instant> addressRefused = addresses.refusedUntil(address);
        if (addressRefused.isPresent()) {
            throw refused(name, address, settings.getMaxAddressFailures(), addressRefused.get(), addressRefusals);
        }
        Optional<SignInThrottle.Refusal> pairRefused = pairs.refusal(name, address);
        if (pairRefused.isPresent()) {
            throw refused(
                    name,
                    address,
                    pairRefused.get().failures(),
                    pairRefused.get().until(),
                    pairRefusals);
        }
        Optional<StoredUser> user = users.find(name);
        String hash = user.map(StoredUser::passwordHash).orElse(null);
        boolean matches = encoder.matches(password, hash == null ? unknownUserHash : hash) && hash != null;
        if (!matches) {
            addresses.recordFailure(address);
            int failures = pairs.recordFailure(name, address);
            audit.record(
                    name,
                    address,
                    AuditAction.LOGIN,
                    TARGET_TYPE,
                    name,
                    null,
                    null,
                    failures(failures),
                    AuditOutcome.FAILED);
            throw new BadCredentialsException(SIGN_IN_FAILED);
        }
        if (!user.get().enabled() || user.get().locked()) {
            audit.record(name, address, AuditAction.LOGIN, TARGET_TYPE, name, null, null, null, AuditOutcome.REFUSED);
            throw new BadCredentialsException(SIGN_IN_FAILED);
        }
        pairs.recordSuccess(name, address);
        CallerPrincipal principal = new CallerPrincipal(name, null, user.get().grants());
        UsernamePasswordAuthenticationToken authenticated = UsernamePasswordAuthenticationToken.authenticated(
                principal, null, GrantAuthorities.of(user.get().grants()));
        authenticated.setDetails(attempt.getDetails());
        return authenticated;
    }

    @Override
    public boolean supports(Class<?> authentication) {
        return UsernamePasswordAuthenticationToken.class.isAssignableFrom(authentication);
    }

    private SignInRefusedException refused(String name, String address, int failures, Instant until, Counter refusals) {
        refusals.increment();
        audit.record(
                name,
                address,
                AuditAction.LOGIN,
                TARGET_TYPE,
                name,
                null,
                null,
                failures(failures),
                AuditOutcome.REFUSED);
        Duration wait = Duration.between(clock.instant(), until);
        return new SignInRefusedException(SIGN_IN_FAILED, wait);
    }

    private static String failures(int failures) {
        return Json.mapper().writeValueAsString(Map.of("failures", failures));
    }

    private static Counter refusals(MeterRegistry meters, String by) {
        return Counter.builder(THROTTLED_METER)
                .tag("by", by)
                .description("password sign-ins refused unchecked because they failed too often")
                .register(meters);
    }
}
