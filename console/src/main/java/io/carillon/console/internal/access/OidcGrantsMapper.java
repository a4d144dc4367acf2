package io.carillon.console.internal.access;

import io.carillon.console.internal.audit.AuditAction;
import io.carillon.console.internal.audit.AuditLog;
import io.carillon.console.internal.audit.AuditOutcome;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.springframework.security.oauth2.client.oidc.userinfo.OidcUserRequest;
import org.springframework.security.oauth2.client.oidc.userinfo.OidcUserService;
import org.springframework.security.oauth2.client.userinfo.OAuth2UserService;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.oauth2.core.OAuth2Error;
import org.springframework.security.oauth2.core.oidc.user.DefaultOidcUser;
import org.springframework.security.oauth2.core.oidc.user.OidcUser;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Turns an OpenID Connect sign-in into a Carillon user: the name from {@code carillon.console.oidc.user-name-claim},
 * the grants from the values of {@code grants-claim} (each a grant {@code ROLE:app} or a group mapped by
 * {@code group-grants}). The user is stored (source OIDC, grants replaced at every sign-in) so that the audit log and
 * API tokens know them; a local user of the same name, or a disabled one, is refused. Thread-safe.
 */
@Component
class OidcGrantsMapper implements OAuth2UserService<OidcUserRequest, OidcUser> {

    private static final String SUBJECT = "sub";

    private final OidcUserService delegate = new OidcUserService();
    private final UserRepository users;
    private final AuditLog audit;
    private final AccessProperties.Oidc settings;
    private final TransactionTemplate transactions;
    private final Clock clock;

    OidcGrantsMapper(
            UserRepository users,
            AuditLog audit,
            AccessProperties properties,
            PlatformTransactionManager transactionManager,
            Clock clock) {
        this.users = users;
        this.audit = audit;
        this.settings = properties.getOidc();
        this.transactions = new TransactionTemplate(transactionManager);
        this.clock = clock;
    }

    @Override
    public OidcUser loadUser(OidcUserRequest request) {
        OidcUser signedIn = delegate.loadUser(request);
        String nameClaim =
                signedIn.getClaims().get(settings.getUserNameClaim()) != null ? settings.getUserNameClaim() : SUBJECT;
        String name = String.valueOf(signedIn.getClaims().get(nameClaim));
        if (!UserService.NAME.matcher(name).matches()) {
            throw refused("the claim " + nameClaim + " is not a Carillon user name: " + UserService.NAME.pattern());
        }
        Grants grants = grantsOf(signedIn.getClaims().get(settings.getGrantsClaim()));
        transactions.executeWithoutResult(status -> store(name, grants));
        return new DefaultOidcUser(
                GrantAuthorities.of(grants), signedIn.getIdToken(), signedIn.getUserInfo(), nameClaim);
    }

    private void store(String name, Grants grants) {
        Instant now = clock.instant();
        Optional<StoredUser> existing = users.lock(name);
        if (existing.isEmpty()) {
            StoredUser user = new StoredUser(name, null, UserSource.OIDC, true, null, null, grants, now, now);
            users.insert(user);
            audit.record(
                    name,
                    null,
                    AuditAction.USER_CREATE,
                    UserService.TARGET_TYPE,
                    name,
                    null,
                    null,
                    UserService.json(user),
                    AuditOutcome.OK);
            return;
        }
        StoredUser before = existing.get();
        if (before.source() != UserSource.OIDC) {
            throw refused("a local user named '" + name + "' exists; it cannot sign in through OpenID Connect");
        }
        if (!before.enabled()) {
            throw refused("account '" + name + "' is disabled");
        }
        if (!before.grants().equals(grants)) {
            users.update(name, true, grants, now);
            audit.record(
                    name,
                    null,
                    AuditAction.USER_UPDATE,
                    UserService.TARGET_TYPE,
                    name,
                    null,
                    UserService.json(before),
                    UserService.json(users.find(name).orElseThrow()),
                    AuditOutcome.OK);
        }
    }

    private Grants grantsOf(Object claim) {
        Collection<?> values = claim instanceof Collection<?> many ? many : claim == null ? List.of() : List.of(claim);
        List<Grant> grants = new ArrayList<>();
        for (Object value : values) {
            String text = String.valueOf(value);
            Grant direct = Grant.parse(text);
            if (direct != null) {
                grants.add(direct);
            } else if (settings.getGroupGrants().containsKey(text)) {
                for (String mapped : settings.getGroupGrants().get(text).split(",")) {
                    grants.add(Grant.parse(mapped.trim()));
                }
            }
        }
        return Grants.of(grants.stream().filter(Objects::nonNull).toList());
    }

    private static OAuth2AuthenticationException refused(String message) {
        return new OAuth2AuthenticationException(new OAuth2Error("access_denied", message, null), message);
    }
}
