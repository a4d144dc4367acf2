package io.carillon.topics;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * Kafka client properties an installation gives every Kafka client of a Carillon component (producers, consumers,
 * admin clients, Kafka Streams): {@code security.protocol}, {@code sasl.*}, {@code ssl.*}, timeouts, sizes. In a
 * Spring application they come from {@code carillon.kafka.properties.*}; the plain-Java builders take them as a map.
 * They win over Carillon's tuning defaults (session timeouts, poll and batch sizes, linger).
 *
 * <p>The settings Carillon's guarantees rest on are {@linkplain #PROTECTED protected}: naming one, bare or behind a
 * Kafka Streams prefix ({@code producer.enable.idempotence}), is refused with an {@link IllegalArgumentException}
 * that names the property. Bootstrap servers, group ids and the planner's application id have settings of their own.
 *
 * <p>{@link #toString()} hides the values of {@linkplain #isSecret(String) secret} properties, so an instance may be
 * logged. Immutable and thread-safe.
 */
public final class KafkaClientProperties {

    /** No extra property. */
    public static final KafkaClientProperties NONE = new KafkaClientProperties(Map.of());

    /**
     * The properties Carillon sets itself and that cannot be given: the read_committed isolation, transactions,
     * idempotence and acks behind exactly-once fires and ordered results, manual offset commits, where each reader
     * starts without a committed offset, the group protocol and assignor the rebalance handling relies on, the
     * serializers of the event contract, and the names that have their own setting.
     */
    public static final Set<String> PROTECTED = Collections.unmodifiableSet(new TreeSet<>(Set.of(
            "bootstrap.servers",
            "application.id",
            "group.id",
            "group.instance.id",
            "group.protocol",
            "partition.assignment.strategy",
            "isolation.level",
            "enable.auto.commit",
            "auto.offset.reset",
            "transactional.id",
            "enable.idempotence",
            "acks",
            "processing.guarantee",
            "key.serializer",
            "value.serializer",
            "key.deserializer",
            "value.deserializer")));

    /** The prefixes Kafka Streams accepts in front of a client property to aim it at some of its clients. */
    private static final List<String> STREAMS_PREFIXES =
            List.of("main.consumer.", "restore.consumer.", "global.consumer.", "consumer.", "producer.", "admin.");

    private static final List<String> SECRET_MARKERS =
            List.of("password", "jaas", "secret", "token", "credential", "keystore.key", "private");
    private static final String HIDDEN = "[hidden]";

    private final Map<String, Object> properties;

    private KafkaClientProperties(Map<String, Object> properties) {
        this.properties = Collections.unmodifiableMap(properties);
    }

    /**
     * Checks and copies {@code properties}.
     *
     * @param source how the caller names the properties in an error, for example {@code carillon.kafka.properties}
     * @throws IllegalArgumentException naming {@code source.name} when a name is blank, protected or has no value
     */
    public static KafkaClientProperties of(String source, Map<String, ?> properties) {
        Map<String, Object> copy = new LinkedHashMap<>();
        properties.forEach((name, value) -> {
            requireAllowed(source, name);
            if (value == null) {
                throw new IllegalArgumentException(source + "." + name + " has no value");
            }
            copy.put(name, value);
        });
        return copy.isEmpty() ? NONE : new KafkaClientProperties(copy);
    }

    /**
     * Refuses a property that Carillon sets itself.
     *
     * @throws IllegalArgumentException naming {@code source.name} and why it cannot be set
     */
    public static void requireAllowed(String source, String name) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException(source + " has a property without a name");
        }
        if (isProtected(name)) {
            throw new IllegalArgumentException(source + "." + name + " cannot be set: Carillon sets "
                    + baseName(name) + " itself, its exactly-once and ordering guarantees depend on it (protected: "
                    + String.join(", ", PROTECTED) + ")");
        }
    }

    /** Whether {@code name}, bare or behind a Kafka Streams client prefix, is one of {@link #PROTECTED}. */
    public static boolean isProtected(String name) {
        return PROTECTED.contains(baseName(name).toLowerCase(Locale.ROOT));
    }

    /**
     * Whether the value of {@code name} is a secret never to be shown: passwords, JAAS configurations (they hold
     * the SASL password), secrets, tokens, credentials and private keys.
     */
    public static boolean isSecret(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        return SECRET_MARKERS.stream().anyMatch(lower::contains);
    }

    /** The properties, in the order given; unmodifiable. */
    public Map<String, Object> asMap() {
        return properties;
    }

    public boolean isEmpty() {
        return properties.isEmpty();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof KafkaClientProperties that && properties.equals(that.properties);
    }

    @Override
    public int hashCode() {
        return Objects.hash(properties);
    }

    /** The properties with the values of secret ones replaced by {@code [hidden]}. */
    @Override
    public String toString() {
        return describe(properties);
    }

    /** {@code properties} as {@link Map#toString()} shows them, with the values of secret ones replaced. */
    public static String describe(Map<String, ?> properties) {
        Map<String, Object> shown = new LinkedHashMap<>();
        properties.forEach((name, value) -> shown.put(name, isSecret(name) ? HIDDEN : value));
        return shown.toString();
    }

    private static String baseName(String name) {
        for (String prefix : STREAMS_PREFIXES) {
            if (name.startsWith(prefix)) {
                return name.substring(prefix.length());
            }
        }
        return name;
    }
}
