package io.carillon.topics;

import java.util.List;
import java.util.Map;

import org.apache.kafka.common.config.TopicConfig;

/**
 * The names and settings of every Carillon topic. Names carry a prefix (default {@value #DEFAULT_PREFIX}); the
 * co-partitioned topics ({@code jobs}, {@code requests}, {@code fires}, {@code results}) share one partition count.
 * Immutable and thread-safe.
 */
public final class TopicCatalog {

    public static final String DEFAULT_PREFIX = "carillon.";
    public static final int DEFAULT_PARTITIONS = 12;
    public static final short DEFAULT_REPLICATION_FACTOR = 1;

    private static final int MAX_APP_NAME_LENGTH = 100;
    private static final Map<String, String> COMPACTED =
            Map.of(TopicConfig.CLEANUP_POLICY_CONFIG, TopicConfig.CLEANUP_POLICY_COMPACT);

    private final String prefix;
    private final int partitions;
    private final short replicationFactor;

    public TopicCatalog(String prefix, int partitions, short replicationFactor) {
        if (prefix == null || !prefix.matches("[A-Za-z0-9._-]*")) {
            throw new IllegalArgumentException("topic prefix '" + prefix + "' may only contain letters, digits, '.', '_' and '-'");
        }
        if (partitions < 1) {
            throw new IllegalArgumentException("partitions must be at least 1, was " + partitions);
        }
        if (replicationFactor < 1) {
            throw new IllegalArgumentException("replication factor must be at least 1, was " + replicationFactor);
        }
        this.prefix = prefix;
        this.partitions = partitions;
        this.replicationFactor = replicationFactor;
    }

    public static TopicCatalog defaults() {
        return new TopicCatalog(DEFAULT_PREFIX, DEFAULT_PARTITIONS, DEFAULT_REPLICATION_FACTOR);
    }

    public String prefix() { return prefix; }
    public int partitions() { return partitions; }
    public short replicationFactor() { return replicationFactor; }

    public String jobs() { return prefix + "jobs"; }
    public String requests() { return prefix + "requests"; }
    public String fires() { return prefix + "fires"; }
    public String results() { return prefix + "results"; }
    public String logs() { return prefix + "logs"; }
    public String workers() { return prefix + "workers"; }
    public String control() { return prefix + "control"; }
    public String stats() { return prefix + "stats"; }
    public String alerts() { return prefix + "alerts"; }
    public String dlq() { return prefix + "dlq"; }

    /** The trigger topic of worker app {@code app}. */
    public String trigger(String app) {
        requireValidAppName(app);
        return prefix + "trigger." + app;
    }

    /** Every topic except the per-app trigger topics. */
    public List<TopicSpec> coreTopics() {
        return List.of(
                spec(jobs(), COMPACTED, true),
                spec(requests(), Map.of(), true),
                spec(fires(), Map.of(), true),
                spec(results(), Map.of(), true),
                spec(logs(), Map.of(), false),
                spec(workers(), COMPACTED, false),
                spec(control(), Map.of(), false),
                spec(stats(), Map.of(), false),
                spec(alerts(), Map.of(), false),
                spec(dlq(), Map.of(), false));
    }

    /** The trigger topic of worker app {@code app}. */
    public TopicSpec triggerTopic(String app) {
        return spec(trigger(app), Map.of(), false);
    }

    /**
     * Whether {@code app} can be part of a topic name: {@code [a-z0-9][a-z0-9._-]{0,99}}. Checked char by char, not
     * with a regex: the dispatcher names a trigger topic for every fire it routes.
     */
    public static boolean isValidAppName(String app) {
        if (app == null || app.isEmpty() || app.length() > MAX_APP_NAME_LENGTH || !isLowerAlphanumeric(app.charAt(0))) {
            return false;
        }
        for (int i = 1; i < app.length(); i++) {
            char c = app.charAt(i);
            if (!isLowerAlphanumeric(c) && c != '.' && c != '_' && c != '-') {
                return false;
            }
        }
        return true;
    }

    private static boolean isLowerAlphanumeric(char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
    }

    public static void requireValidAppName(String app) {
        if (!isValidAppName(app)) {
            throw new IllegalArgumentException("app name '" + app
                    + "' is not valid: use 1 to 100 characters of a-z, 0-9, '.', '_' or '-', starting with a letter or digit");
        }
    }

    private TopicSpec spec(String name, Map<String, String> configs, boolean coPartitioned) {
        return new TopicSpec(name, partitions, replicationFactor, configs, coPartitioned);
    }
}
