package io.carillon.console.internal.access;

import io.carillon.console.internal.audit.AuditAction;
import io.carillon.console.internal.audit.AuditLog;
import io.carillon.console.internal.audit.AuditOutcome;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.core.env.Environment;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * On a console whose database has no user, creates {@value #ADMIN} (role ADMIN) before the console serves requests,
 * with {@code carillon.console.admin-password} or {@code CARILLON_ADMIN_PASSWORD}, or else a generated password
 * written to {@code carillon.console.initial-admin-password-file} (mode 0600) and logged once. Consoles starting
 * together on one database create the user once (a transaction-scoped advisory lock).
 */
@Component
class InitialAdmin implements SmartInitializingSingleton {

    static final String ADMIN = "admin";
    static final String PASSWORD_VARIABLE = "CARILLON_ADMIN_PASSWORD";
    private static final long ADVISORY_LOCK = 0x6361_7269_6c6cL;
    private static final int GENERATED_BYTES = 18;
    private static final Logger log = LoggerFactory.getLogger(InitialAdmin.class);

    private final UserRepository users;
    private final PasswordEncoder encoder;
    private final AuditLog audit;
    private final JdbcClient jdbc;
    private final TransactionTemplate transactions;
    private final AccessProperties properties;
    private final Environment environment;
    private final Clock clock;

    InitialAdmin(
            UserRepository users,
            PasswordEncoder encoder,
            AuditLog audit,
            JdbcClient jdbc,
            PlatformTransactionManager transactionManager,
            AccessProperties properties,
            Environment environment,
            Clock clock) {
        this.users = users;
        this.encoder = encoder;
        this.audit = audit;
        this.jdbc = jdbc;
        this.transactions = new TransactionTemplate(transactionManager);
        this.properties = properties;
        this.environment = environment;
        this.clock = clock;
    }

    @Override
    public void afterSingletonsInstantiated() {
        String configured = configuredPassword();
        if (configured != null && Passwords.problem(configured) != null) {
            throw new IllegalStateException("carillon.console.admin-password is not acceptable: "
                    + Passwords.problem(configured).message());
        }
        String password = configured != null ? configured : generated();
        boolean created = Boolean.TRUE.equals(transactions.execute(status -> {
            jdbc.sql("SELECT pg_advisory_xact_lock(:key)")
                    .param("key", ADVISORY_LOCK)
                    .query()
                    .rowSet();
            if (users.any()) {
                return false;
            }
            Instant now = clock.instant();
            StoredUser admin = new StoredUser(
                    ADMIN,
                    encoder.encode(password),
                    UserSource.LOCAL,
                    true,
                    null,
                    null,
                    Grants.of(List.of(new Grant(Role.ADMIN, Grant.EVERY_APP))),
                    now,
                    now);
            users.insert(admin);
            audit.record(
                    Caller.SYSTEM.actor(),
                    null,
                    AuditAction.USER_CREATE,
                    UserService.TARGET_TYPE,
                    ADMIN,
                    null,
                    null,
                    UserService.json(admin),
                    AuditOutcome.OK);
            return true;
        }));
        if (created && configured == null) {
            announce(password);
        } else if (created) {
            log.info("Created user '{}' with the configured password", ADMIN);
        }
    }

    private String configuredPassword() {
        String password = properties.getAdminPassword();
        if (password == null || password.isEmpty()) {
            password = environment.getProperty(PASSWORD_VARIABLE);
        }
        return password == null || password.isEmpty() ? null : password;
    }

    private void announce(String password) {
        Path file = Path.of(properties.getInitialAdminPasswordFile()).toAbsolutePath();
        try {
            Files.createDirectories(file.getParent());
            Files.deleteIfExists(file);
            if (file.getFileSystem().supportedFileAttributeViews().contains("posix")) {
                Files.createFile(
                        file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            }
            Files.writeString(
                    file,
                    password + System.lineSeparator(),
                    StandardOpenOption.CREATE,
                    StandardOpenOption.TRUNCATE_EXISTING);
            log.warn(
                    "Created user '{}' with a generated password, written to {} and shown here once: {}",
                    ADMIN,
                    file,
                    password);
        } catch (IOException e) {
            log.warn(
                    "Created user '{}' with a generated password, shown here once: {} (could not write {}: {})",
                    ADMIN,
                    password,
                    file,
                    e.getMessage());
        }
    }

    private static String generated() {
        byte[] bytes = new byte[GENERATED_BYTES];
        new SecureRandom().nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }
}
