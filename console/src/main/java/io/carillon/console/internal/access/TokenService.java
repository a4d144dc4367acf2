package io.carillon.console.internal.access;

import io.carillon.console.internal.audit.AuditAction;
import io.carillon.console.internal.audit.AuditLog;
import io.carillon.console.internal.audit.AuditOutcome;
import io.carillon.console.internal.web.InvalidInputException;
import io.carillon.topics.FieldError;
import io.carillon.topics.Json;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * API tokens: a user creates them for themselves with a subset of their own grants, a name and an optional expiry,
 * lists and revokes them. A token authenticates as its user with its grants cut down, at each use, to what the user
 * still holds; a revoked or expired token, or one of a disabled user, authenticates nobody. Thread-safe.
 */
@Service
class TokenService {

    static final String TARGET_TYPE = "TOKEN";
    static final int MAX_NAME_LENGTH = 64;

    private final TokenRepository tokens;
    private final Authorizer authorizer;
    private final AuditLog audit;
    private final TransactionTemplate transactions;
    private final Clock clock;
    private final TokenSecrets secrets = new TokenSecrets();

    TokenService(
            TokenRepository tokens,
            Authorizer authorizer,
            AuditLog audit,
            PlatformTransactionManager transactionManager,
            Clock clock) {
        this.tokens = tokens;
        this.authorizer = authorizer;
        this.audit = audit;
        this.transactions = new TransactionTemplate(transactionManager);
        this.clock = clock;
    }

    /**
     * Creates a token for the calling user; {@code grants} null means the caller's own.
     *
     * @throws InvalidInputException naming the field: a name that is blank, too long or taken, an expiry in the
     *         past, a grant the caller does not hold
     * @throws AccessDeniedException when the caller is itself a token
     */
    public CreatedToken create(String name, List<Grant> grants, Instant expiresAt) {
        Caller caller = authorizer.caller();
        if (caller.tokenName() != null) {
            throw new AccessDeniedException("a token cannot create tokens: sign in as " + caller.name());
        }
        Instant now = clock.instant();
        Grants requested = grants == null ? caller.grants() : Grants.of(grants);
        requireValid(name, grants, requested, caller, expiresAt, now);
        String secret = secrets.newSecret();
        StoredToken token = new StoredToken(
                UUID.randomUUID().toString(), caller.name(), name, expiresAt, now, null, null, requested);
        return transactions.execute(status -> {
            if (!tokens.insert(token, TokenSecrets.hash(secret))) {
                throw InvalidInputException.of("name", "you have a token named '" + name + "' already");
            }
            audit.record(AuditAction.TOKEN_CREATE, TARGET_TYPE, token.id(), null, null, json(token), AuditOutcome.OK);
            return new CreatedToken(token.id(), name, secret, requested.all(), expiresAt);
        });
    }

    /** The calling user's tokens, revoked ones included. */
    public List<TokenView> mine() {
        return tokens.findByUser(authorizer.caller().name()).stream()
                .map(TokenView::of)
                .toList();
    }

    /**
     * Revokes token {@code id}: the caller's own, or anyone's for an ADMIN.
     *
     * @throws TokenNotFoundException when there is no such token the caller may see
     */
    public void revoke(String id) {
        Caller caller = authorizer.caller();
        transactions.executeWithoutResult(status -> {
            StoredToken token = tokens.find(id)
                    .filter(found -> found.userName().equals(caller.name())
                            || caller.grants().isAdmin())
                    .orElseThrow(() -> new TokenNotFoundException(id));
            if (token.revokedAt() == null) {
                tokens.revoke(id, clock.instant());
                audit.record(AuditAction.TOKEN_REVOKE, TARGET_TYPE, id, null, json(token), null, AuditOutcome.OK);
            }
        });
    }

    /** The principal of the token whose secret is {@code secret}, or empty when it authenticates nobody. */
    Optional<CallerPrincipal> authenticate(String secret) {
        Instant now = clock.instant();
        Optional<TokenRepository.UsableToken> found = tokens.findUsable(TokenSecrets.hash(secret), now);
        found.filter(token -> TokenRepository.useIsStale(token.lastUsedAt(), now))
                .ifPresent(token -> tokens.recordUse(token.id(), now));
        return found.map(token -> new CallerPrincipal(
                token.userName(), token.name(), token.userGrants().narrow(token.grants())));
    }

    private static void requireValid(
            String name, List<Grant> grants, Grants requested, Caller caller, Instant expiresAt, Instant now) {
        List<FieldError> errors = new ArrayList<>();
        if (name == null || name.isBlank()) {
            errors.add(new FieldError("name", "is required"));
        } else if (name.length() > MAX_NAME_LENGTH) {
            errors.add(new FieldError("name", "is longer than " + MAX_NAME_LENGTH + " characters"));
        }
        if (expiresAt != null && !expiresAt.isAfter(now)) {
            errors.add(new FieldError("expiresAt", "must be in the future, was " + expiresAt));
        }
        if (grants != null) {
            for (int i = 0; i < grants.size(); i++) {
                Grant grant = grants.get(i);
                FieldError problem = grant == null
                        ? new FieldError("grants[" + i + "]", "is null")
                        : grant.problem("grants[" + i + "]");
                if (problem == null && !caller.grants().allows(grant)) {
                    problem = new FieldError(
                            "grants[" + i + "]",
                            "you do not hold " + grant + ": a token gets a subset of its user's grants");
                }
                if (problem != null) {
                    errors.add(problem);
                }
            }
        }
        if (requested.all().isEmpty() && errors.isEmpty()) {
            errors.add(new FieldError("grants", "a token needs at least one grant"));
        }
        if (!errors.isEmpty()) {
            throw InvalidInputException.of(errors);
        }
    }

    private static String json(StoredToken token) {
        return Json.mapper()
                .writeValueAsString(Map.of(
                        "user",
                        token.userName(),
                        "name",
                        token.name(),
                        "grants",
                        token.grants().all().stream().map(Grant::toString).toList(),
                        "expiresAt",
                        String.valueOf(token.expiresAt())));
    }
}
