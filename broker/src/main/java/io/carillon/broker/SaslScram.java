package io.carillon.broker;

import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Pattern;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ScramCredentialInfo;
import org.apache.kafka.clients.admin.ScramMechanism;
import org.apache.kafka.clients.admin.UserScramCredentialUpsertion;
import org.apache.kafka.common.acl.AclBinding;
import org.apache.kafka.common.acl.AclBindingFilter;
import org.apache.kafka.common.config.SaslConfigs;
import org.apache.kafka.common.errors.SaslAuthenticationException;

/**
 * The SASL set-up of a {@link KafkaBroker} started with {@link KafkaBroker.Builder#saslScram}: the client listener
 * speaks SASL_PLAINTEXT with SCRAM-SHA-512 (the broker's own connections too, as the super user), the controller
 * listener SASL_PLAINTEXT with PLAIN and the super user alone, and the standard authorizer allows what ACLs allow. Also
 * the client properties a principal logs in with ({@link #clientProperties}). {@link #toString()} hides the password.
 */
public final class SaslScram {

    /** The mechanism of the client listener. */
    public static final String MECHANISM = "SCRAM-SHA-512";

    static final String AUTHORIZER = "org.apache.kafka.metadata.authorizer.StandardAuthorizer";
    private static final String PROTOCOL = "SASL_PLAINTEXT";
    private static final String CONTROLLER_MECHANISM = "PLAIN";
    private static final int SCRAM_ITERATIONS = 8192;
    private static final Pattern SAFE = Pattern.compile("[A-Za-z0-9._-]{1,128}");
    private static final long RETRY_BACKOFF_MS = 50;

    private final String superUser;
    private final String superUserPassword;

    SaslScram(String superUser, String superUserPassword) {
        requireSafe("superUser", superUser);
        requireSafe("superUserPassword", superUserPassword);
        this.superUser = superUser;
        this.superUserPassword = superUserPassword;
    }

    /**
     * What a Kafka client sets to log in as {@code user} on a broker's SASL_PLAINTEXT SCRAM-SHA-512 listener:
     * {@code security.protocol}, {@code sasl.mechanism} and {@code sasl.jaas.config} (which holds the password).
     */
    public static Map<String, String> clientProperties(String user, String password) {
        requireSafe("user", user);
        requireSafe("password of " + user, password);
        return Map.of(
                CommonClientConfigs.SECURITY_PROTOCOL_CONFIG,
                PROTOCOL,
                SaslConfigs.SASL_MECHANISM,
                MECHANISM,
                SaslConfigs.SASL_JAAS_CONFIG,
                "org.apache.kafka.common.security.scram.ScramLoginModule required" + " username=\"" + user
                        + "\" password=\"" + password + "\";");
    }

    String superUser() {
        return superUser;
    }

    String superUserPassword() {
        return superUserPassword;
    }

    Map<String, String> brokerProperties(int port, int controllerPort) {
        Map<String, String> props = new HashMap<>();
        props.put("listeners", PROTOCOL + "://localhost:" + port + ",CONTROLLER://localhost:" + controllerPort);
        props.put("advertised.listeners", PROTOCOL + "://localhost:" + port);
        props.put("listener.security.protocol.map", PROTOCOL + ":" + PROTOCOL + ",CONTROLLER:" + PROTOCOL);
        props.put("inter.broker.listener.name", PROTOCOL);
        props.put("sasl.mechanism.inter.broker.protocol", MECHANISM);
        props.put("sasl.mechanism.controller.protocol", CONTROLLER_MECHANISM);
        props.put("listener.name.sasl_plaintext.sasl.enabled.mechanisms", MECHANISM);
        props.put(
                "listener.name.sasl_plaintext.scram-sha-512.sasl.jaas.config",
                "org.apache.kafka.common.security.scram.ScramLoginModule required username=\"" + superUser
                        + "\" password=\"" + superUserPassword + "\";");
        props.put("listener.name.controller.sasl.enabled.mechanisms", CONTROLLER_MECHANISM);
        props.put(
                "listener.name.controller.plain.sasl.jaas.config",
                "org.apache.kafka.common.security.plain.PlainLoginModule required username=\"" + superUser
                        + "\" password=\"" + superUserPassword + "\" user_" + superUser + "=\"" + superUserPassword
                        + "\";");
        props.put("authorizer.class.name", AUTHORIZER);
        props.put("super.users", "User:" + superUser);
        return props;
    }

    /** The super user's SCRAM credential as the storage formatter takes it ({@code kafka-storage --add-scram}). */
    String formatArgument() {
        return MECHANISM + "=[name=" + superUser + ",password=" + superUserPassword + "]";
    }

    static UserScramCredentialUpsertion upsertion(String user, String password) {
        return new UserScramCredentialUpsertion(
                user, new ScramCredentialInfo(ScramMechanism.SCRAM_SHA_512, SCRAM_ITERATIONS), password);
    }

    /** Returns once {@code user} can log in: a new credential reaches the listener shortly after it is stored. */
    static void awaitLogin(String bootstrapServers, String user, String password, Duration timeout) {
        Map<String, Object> config = new HashMap<>(clientProperties(user, password));
        config.put(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        long attemptsLeft = timeout.toMillis() / RETRY_BACKOFF_MS;
        while (true) {
            try (Admin admin = Admin.create(config)) {
                admin.describeCluster().nodes().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
                return;
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof SaslAuthenticationException) || attemptsLeft-- <= 0) {
                    throw new IllegalStateException(
                            "user " + user + " cannot log in: " + e.getCause().getMessage(), e.getCause());
                }
                backOff();
            } catch (TimeoutException e) {
                throw new IllegalStateException("user " + user + " cannot log in within " + timeout, e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for the broker", e);
            }
        }
    }

    /** Returns once the broker's authorizer lists every ACL of {@code acls}. */
    static void awaitAcls(Admin admin, Collection<AclBinding> acls, Duration timeout) {
        long attemptsLeft = timeout.toMillis() / RETRY_BACKOFF_MS;
        try {
            while (!admin.describeAcls(AclBindingFilter.ANY)
                    .values()
                    .get(timeout.toMillis(), TimeUnit.MILLISECONDS)
                    .containsAll(acls)) {
                if (attemptsLeft-- <= 0) {
                    throw new IllegalStateException("the broker did not apply the ACLs within " + timeout);
                }
                backOff();
            }
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("could not list the broker's ACLs: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the broker", e);
        }
    }

    /** Refuses a name or password that would need quoting in a JAAS configuration, without showing it. */
    static void requireSafe(String what, String value) {
        Objects.requireNonNull(value, what);
        if (!SAFE.matcher(value).matches()) {
            throw new IllegalArgumentException(what + " must be 1 to 128 letters, digits, '.', '_' or '-'");
        }
    }

    private static void backOff() {
        try {
            TimeUnit.MILLISECONDS.sleep(RETRY_BACKOFF_MS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the broker", e);
        }
    }

    @Override
    public String toString() {
        return "SaslScram[superUser=" + superUser + ", mechanism=" + MECHANISM + "]";
    }
}
