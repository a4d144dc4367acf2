package io.carillon.console.internal.access;

import java.time.Clock;
import java.time.Instant;
import java.util.Optional;

import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.authentication.DisabledException;
import org.springframework.security.authentication.LockedException;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.web.authentication.WebAuthenticationDetails;

import io.carillon.console.ConsoleProperties;
import io.carillon.console.internal.audit.AuditAction;
import io.carillon.console.internal.audit.AuditLog;
import io.carillon.console.internal.audit.AuditOutcome;

/**
 * Checks a user name and password (the login page and HTTP Basic) against {@code users}: refuses an address that
 * failed too often ({@link AddressThrottle}), a locked or disabled account, and a wrong password, counting failures
 * toward the account's lock. Failures and refusals are audited; a wrong user name and a wrong password get the same
 * answer, after the same work. Thread-safe.
 */
final class PasswordAuthenticationProvider implements AuthenticationProvider {

    static final String TARGET_TYPE = "USER";

    private final UserRepository users;
    private final PasswordEncoder encoder;
    private final AddressThrottle addresses;
    private final AuditLog audit;
    private final ConsoleProperties.Login settings;
    private final Clock clock;
    private final String unknownUserHash;

    PasswordAuthenticationProvider(UserRepository users, PasswordEncoder encoder, AuditLog audit,
            ConsoleProperties.Login settings, Clock clock) {
        this.users = users;
        this.encoder = encoder;
        this.audit = audit;
        this.settings = settings;
        this.clock = clock;
        this.addresses = new AddressThrottle(settings.getMaxAddressFailures(), settings.getAddressWindow(), clock);
        this.unknownUserHash = encoder.encode("no such user");
    }

    @Override
    public Authentication authenticate(Authentication attempt) {
        String name = attempt.getName();
        String password = attempt.getCredentials() == null ? "" : attempt.getCredentials().toString();
        String address = attempt.getDetails() instanceof WebAuthenticationDetails details
                ? details.getRemoteAddress() : null;
        Optional<Instant> throttled = addresses.refusedUntil(address);
        if (throttled.isPresent()) {
            audit.record(name, address, AuditAction.LOGIN, TARGET_TYPE, name, null, null, null, AuditOutcome.REFUSED);
            throw new SignInRefusedException("too many failed sign-ins from " + address + "; try again after "
                    + throttled.get());
        }
        Instant now = clock.instant();
        Optional<StoredUser> user = users.find(name);
        if (user.isPresent() && user.get().lockedAt(now)) {
            audit.record(name, address, AuditAction.LOGIN, TARGET_TYPE, name, null, null, null, AuditOutcome.REFUSED);
            throw new LockedException("account '" + name + "' is locked until " + user.get().lockedUntil()
                    + " after " + settings.getMaxFailures() + " failed sign-ins in a row");
        }
        String hash = user.map(StoredUser::passwordHash).orElse(null);
        boolean matches = encoder.matches(password, hash == null ? unknownUserHash : hash) && hash != null;
        if (!matches) {
            addresses.recordFailure(address);
            Instant lockedUntil = user.isPresent()
                    ? users.recordFailure(name, settings.getMaxFailures(), settings.getLockDuration(), now) : null;
            audit.record(name, address, AuditAction.LOGIN, TARGET_TYPE, name, null, null, null, AuditOutcome.FAILED);
            if (lockedUntil != null) {
                throw new LockedException("account '" + name + "' is locked until " + lockedUntil + " after "
                        + settings.getMaxFailures() + " failed sign-ins in a row");
            }
            throw new BadCredentialsException("wrong user name or password");
        }
        if (!user.get().enabled()) {
            audit.record(name, address, AuditAction.LOGIN, TARGET_TYPE, name, null, null, null, AuditOutcome.REFUSED);
            throw new DisabledException("account '" + name + "' is disabled");
        }
        users.recordSuccess(name);
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
}
