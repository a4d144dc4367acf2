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
import java.util.regex.Pattern;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.stereotype.Service;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Users and their grants, managed by ADMINs; each change is audited in its own transaction. The last enabled ADMIN
 * cannot be deleted, disabled or lose the role, so the console always has someone who can manage it. Thread-safe.
 */
@Service
class UserService {

    static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._@-]{0,127}");
    static final String TARGET_TYPE = "USER";

    private final UserRepository users;
    private final PasswordEncoder encoder;
    private final Authorizer authorizer;
    private final AuditLog audit;
    private final TransactionTemplate transactions;
    private final Clock clock;

    UserService(
            UserRepository users,
            PasswordEncoder encoder,
            Authorizer authorizer,
            AuditLog audit,
            PlatformTransactionManager transactionManager,
            Clock clock) {
        this.users = users;
        this.encoder = encoder;
        this.authorizer = authorizer;
        this.audit = audit;
        this.transactions = new TransactionTemplate(transactionManager);
        this.clock = clock;
    }

    public List<UserView> list() {
        authorizer.requireAdmin();
        return users.findAll().stream().map(UserView::of).toList();
    }

    /** User {@code name}: for an ADMIN, or for the user themself. */
    public UserView get(String name) {
        requireAdminOrSelf(name);
        return users.find(name).map(UserView::of).orElseThrow(() -> new UserNotFoundException(name));
    }

    public UserView create(UserChange change) {
        authorizer.requireAdmin();
        List<FieldError> errors = new ArrayList<>();
        if (change.name() == null || !NAME.matcher(change.name()).matches()) {
            errors.add(new FieldError("name", "'" + change.name() + "' is not a user name (" + NAME.pattern() + ")"));
        }
        addProblem(errors, Passwords.problem(change.password()));
        Grants grants = validGrants(change.grants(), errors);
        requireNoErrors(errors);
        Instant now = clock.instant();
        StoredUser user = new StoredUser(
                change.name(),
                encoder.encode(change.password()),
                UserSource.LOCAL,
                change.enabled() == null || change.enabled(),
                null,
                null,
                grants,
                now,
                now);
        return transactions.execute(status -> {
            if (!users.insert(user)) {
                throw new UserConflictException("a user named '" + change.name() + "' exists already");
            }
            audit.record(AuditAction.USER_CREATE, TARGET_TYPE, user.name(), null, null, json(user), AuditOutcome.OK);
            return UserView.of(user);
        });
    }

    /** Replaces the grants and enabled flag of user {@code name}, and its password when one is given. */
    public UserView replace(String name, UserChange change) {
        authorizer.requireAdmin();
        List<FieldError> errors = new ArrayList<>();
        if (change.name() != null && !change.name().equals(name)) {
            errors.add(new FieldError(
                    "name",
                    "'" + change.name() + "' does not match the user '" + name
                            + "' in the path; a user's name cannot change"));
        }
        if (change.password() != null) {
            addProblem(errors, Passwords.problem(change.password()));
        }
        Grants grants = validGrants(change.grants(), errors);
        requireNoErrors(errors);
        boolean enabled = change.enabled() == null || change.enabled();
        return transactions.execute(status -> {
            StoredUser before = users.lock(name).orElseThrow(() -> new UserNotFoundException(name));
            if (before.grants().isAdmin() && before.enabled() && !(enabled && grants.isAdmin())) {
                requireAnotherAdmin(name);
            }
            Instant now = clock.instant();
            users.update(name, enabled, grants, now);
            if (change.password() != null) {
                users.setPassword(name, encoder.encode(change.password()), now);
            }
            StoredUser after = users.find(name).orElseThrow();
            audit.record(AuditAction.USER_UPDATE, TARGET_TYPE, name, null, json(before), json(after), AuditOutcome.OK);
            return UserView.of(after);
        });
    }

    public void delete(String name) {
        authorizer.requireAdmin();
        transactions.executeWithoutResult(status -> {
            StoredUser before = users.lock(name).orElseThrow(() -> new UserNotFoundException(name));
            if (before.grants().isAdmin() && before.enabled()) {
                requireAnotherAdmin(name);
            }
            users.delete(name);
            audit.record(AuditAction.USER_DELETE, TARGET_TYPE, name, null, json(before), null, AuditOutcome.OK);
        });
    }

    /** Sets the password of user {@code name} (an ADMIN, or the user themself); an ADMIN's lock stays. */
    public void setPassword(String name, String password) {
        requireAdminOrSelf(name);
        FieldError problem = Passwords.problem(password);
        if (problem != null) {
            throw InvalidInputException.of(List.of(problem));
        }
        String hash = encoder.encode(password);
        transactions.executeWithoutResult(status -> {
            StoredUser user = users.lock(name).orElseThrow(() -> new UserNotFoundException(name));
            if (user.source() != UserSource.LOCAL) {
                throw new UserConflictException(
                        "user '" + name + "' signs in through OpenID Connect and has no" + " password here");
            }
            users.setPassword(name, hash, clock.instant());
            audit.record(AuditAction.USER_PASSWORD, TARGET_TYPE, name, null, null, null, AuditOutcome.OK);
        });
    }

    /**
     * Locks user {@code name} (ADMIN): its password sign-ins fail with the answer of a wrong password until an ADMIN
     * unlocks it; its API tokens keep working (disable the user to stop them too).
     *
     * @throws UserConflictException when the caller would lock themself
     */
    public UserView lock(String name) {
        authorizer.requireAdmin();
        Caller caller = authorizer.caller();
        if (caller.name().equals(name)) {
            throw new UserConflictException("you cannot lock yourself; another ADMIN can");
        }
        return changeLock(name, caller.name(), AuditAction.USER_LOCK);
    }

    /** Lifts an ADMIN's lock of user {@code name} (ADMIN). */
    public UserView unlock(String name) {
        authorizer.requireAdmin();
        return changeLock(name, null, AuditAction.USER_UNLOCK);
    }

    private UserView changeLock(String name, String lockedBy, AuditAction action) {
        return transactions.execute(status -> {
            StoredUser before = users.lock(name).orElseThrow(() -> new UserNotFoundException(name));
            if (before.locked() == (lockedBy != null)) {
                return UserView.of(before);
            }
            users.setLock(name, lockedBy, clock.instant());
            StoredUser after = users.find(name).orElseThrow();
            audit.record(action, TARGET_TYPE, name, null, lockJson(before), lockJson(after), AuditOutcome.OK);
            return UserView.of(after);
        });
    }

    private static String lockJson(StoredUser user) {
        return Json.mapper()
                .writeValueAsString(Map.of("locked", user.locked(), "lockedBy", String.valueOf(user.lockedBy())));
    }

    private void requireAdminOrSelf(String name) {
        Caller caller = authorizer.caller();
        if (!caller.name().equals(name) || caller.tokenName() != null) {
            authorizer.requireAdmin();
        }
    }

    private void requireAnotherAdmin(String name) {
        if (users.otherEnabledAdmins(name) == 0) {
            throw new UserConflictException(
                    "'" + name + "' is the last enabled ADMIN; make another user ADMIN" + " first");
        }
    }

    private static Grants validGrants(List<Grant> grants, List<FieldError> errors) {
        if (grants == null) {
            return Grants.none();
        }
        for (int i = 0; i < grants.size(); i++) {
            Grant grant = grants.get(i);
            addProblem(
                    errors,
                    grant == null
                            ? new FieldError("grants[" + i + "]", "is null")
                            : grant.problem("grants[" + i + "]"));
        }
        return errors.isEmpty() ? Grants.of(grants) : Grants.none();
    }

    private static void addProblem(List<FieldError> errors, FieldError problem) {
        if (problem != null) {
            errors.add(problem);
        }
    }

    private static void requireNoErrors(List<FieldError> errors) {
        if (!errors.isEmpty()) {
            throw InvalidInputException.of(errors);
        }
    }

    static String json(StoredUser user) {
        return Json.mapper()
                .writeValueAsString(Map.of(
                        "name",
                        user.name(),
                        "enabled",
                        user.enabled(),
                        "grants",
                        user.grants().all().stream().map(Grant::toString).toList()));
    }
}
