package io.carillon.topics;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.utils.Utils;

/**
 * The names and settings of every Carillon topic. Names carry a prefix (default {@value #DEFAULT_PREFIX}); the
 * co-partitioned topics ({@code jobs}, {@code requests}, {@code fires}, {@code results}, {@code claims}, and keyed by workflow id
 * {@code workflows} and {@code workflow.commands}) share one partition count.
 * Every topic states how long it keeps records, so a long-running installation does not grow without bound:
 * {@code jobs}, {@code workers}, {@code alert-rules}, {@code declarations}, {@code calendars}, {@code limits} and {@code workflows} are compacted (the latest record of each
 * key is kept); {@code control} keeps {@link #SHORT_RETENTION}; {@code stats} and {@code alerts} keep
 * {@link #HISTORY_RETENTION}; the others {@link #DEFAULT_RETENTION}, longer than any outage Carillon recovers from by
 * reading back. The settings apply when a topic is created; an existing topic keeps its own. Immutable and
 * thread-safe.
 */
public final class TopicCatalog {

    public static final String DEFAULT_PREFIX = "carillon.";
    public static final int DEFAULT_PARTITIONS = 12;
    public static final short DEFAULT_REPLICATION_FACTOR = 1;

    /** Retention of requests, fires, triggers, results, claims, logs and dead letters: 7 days. */
    public static final Duration DEFAULT_RETENTION = Duration.ofDays(7);
    /** Retention of kill commands, which matter only while a run lives: 1 day. */
    public static final Duration SHORT_RETENTION = Duration.ofDays(1);
    /** Retention of statistics and incidents, read back for dashboards and reports: 30 days. */
    public static final Duration HISTORY_RETENTION = Duration.ofDays(30);

    /** The key of the global alerting defaults on {@link #alertRules()}. */
    public static final String GLOBAL_ALERT_RULES = "*";

    private static final int MAX_APP_NAME_LENGTH = 100;
    private static final Map<String, String> COMPACTED =
            Map.of(TopicConfig.CLEANUP_POLICY_CONFIG, TopicConfig.CLEANUP_POLICY_COMPACT);
    private static final Map<String, String> DEFAULT = retention(DEFAULT_RETENTION);
    private static final Map<String, String> SHORT = retention(SHORT_RETENTION);
    private static final Map<String, String> HISTORY = retention(HISTORY_RETENTION);

    private final String prefix;
    private final int partitions;
    private final short replicationFactor;

    public TopicCatalog(String prefix, int partitions, short replicationFactor) {
        if (prefix == null || !prefix.matches("[A-Za-z0-9._-]*")) {
            throw new IllegalArgumentException(
                    "topic prefix '" + prefix + "' may only contain letters, digits, '.', '_' and '-'");
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

    public String prefix() {
        return prefix;
    }

    public int partitions() {
        return partitions;
    }

    /**
     * The partition Kafka's default partitioner gives a record keyed {@code key} (murmur2 of its UTF-8 bytes) in a
     * topic of {@code partitions} partitions: where a worker's heartbeat, keyed by its instance id, or a run's result,
     * keyed by its job id, lands.
     */
    public static int partitionOf(String key, int partitions) {
        return Utils.toPositive(Utils.murmur2(key.getBytes(StandardCharsets.UTF_8))) % partitions;
    }

    public short replicationFactor() {
        return replicationFactor;
    }

    public String jobs() {
        return prefix + "jobs";
    }

    public String requests() {
        return prefix + "requests";
    }

    public String fires() {
        return prefix + "fires";
    }

    public String results() {
        return prefix + "results";
    }

    /**
     * The workers' claims on the runs they take (key: the first claim's job id, value a {@code ClaimBatch}), one
     * record per claim round and partition; co-partitioned with {@code results}, read by the planner and the console.
     * Internal to Carillon.
     */
    public String claims() {
        return prefix + "claims";
    }

    public String logs() {
        return prefix + "logs";
    }

    public String workers() {
        return prefix + "workers";
    }

    public String control() {
        return prefix + "control";
    }

    public String stats() {
        return prefix + "stats";
    }

    public String alerts() {
        return prefix + "alerts";
    }

    public String dlq() {
        return prefix + "dlq";
    }
    /** The jobs each worker app declares in its code or configuration (compacted, key: app). */
    public String declarations() {
        return prefix + "declarations";
    }

    /**
     * The alerting defaults the console publishes and the analytics app reads as a table: key
     * {@value #GLOBAL_ALERT_RULES} for every app or an app's name, value an {@code Alerting} (JSON), a tombstone
     * when none is set.
     */
    public String alertRules() {
        return prefix + "alert-rules";
    }

    /**
     * The calendars schedules refer to (compacted, key: calendar id, value a {@code Calendar} as JSON, a tombstone
     * when it is deleted), written by the console, read by the planner and the analytics app as global stores.
     */
    public String calendars() {
        return prefix + "calendars";
    }

    /**
     * The concurrency limits jobs take (compacted, key: limit id, value a {@code ConcurrencyLimit} as JSON, a tombstone
     * when it is deleted), written by the console, read by the planner's limiter as a global store.
     */
    public String limits() {
        return prefix + "limits";
    }

    /**
     * The limiter's inbox (key: limit name, value a {@code LimitCommand}): ACQUIRE from the dispatcher when a fire that
     * claims a limit is due, RELEASE from the planner when such a fire's run ends. Internal to Carillon.
     */
    public String limitCommands() {
        return prefix + "limit.commands";
    }

    /**
     * The workflow definitions (compacted, key: workflow id, value a {@code WorkflowDefinition} as JSON, a tombstone
     * when it is deleted), written by the console, read by the workflow engine.
     */
    public String workflows() {
        return prefix + "workflows";
    }

    /**
     * The workflow engine's inbox (key: workflow id, value a {@code WorkflowCommand}): START, RETRY_NODE, SKIP_NODE
     * and CANCEL from users, NODE_ENDED from the planner.
     */
    public String workflowCommands() {
        return prefix + "workflow.commands";
    }

    /**
     * The public events of workflow instances (key: workflow id, value a {@code WorkflowEvent}), written by the
     * workflow engine.
     */
    public String workflowEvents() {
        return prefix + "workflow.events";
    }

    /** The trigger topic of worker app {@code app}. */
    public String trigger(String app) {
        requireValidAppName(app);
        return prefix + "trigger." + app;
    }

    /** Every topic except the per-app trigger topics. */
    public List<TopicSpec> coreTopics() {
        return List.of(
                spec(jobs(), COMPACTED, true),
                spec(requests(), DEFAULT, true),
                spec(fires(), DEFAULT, true),
                spec(results(), DEFAULT, true),
                spec(claims(), DEFAULT, true),
                spec(logs(), DEFAULT, false),
                spec(workers(), COMPACTED, false),
                spec(control(), SHORT, false),
                spec(stats(), HISTORY, false),
                spec(alerts(), HISTORY, false),
                spec(dlq(), DEFAULT, false),
                spec(alertRules(), COMPACTED, false),
                spec(declarations(), COMPACTED, false),
                spec(calendars(), COMPACTED, false),
                spec(limits(), COMPACTED, false),
                spec(limitCommands(), DEFAULT, false),
                spec(workflows(), COMPACTED, true),
                spec(workflowCommands(), DEFAULT, true),
                spec(workflowEvents(), DEFAULT, false));
    }

    /** The trigger topic of worker app {@code app}. */
    public TopicSpec triggerTopic(String app) {
        return spec(trigger(app), DEFAULT, false);
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
            throw new IllegalArgumentException(
                    "app name '" + app
                            + "' is not valid: use 1 to 100 characters of a-z, 0-9, '.', '_' or '-', starting with a letter or digit");
        }
    }

    private static Map<String, String> retention(Duration retention) {
        return Map.of(
                TopicConfig.CLEANUP_POLICY_CONFIG,
                TopicConfig.CLEANUP_POLICY_DELETE,
                TopicConfig.RETENTION_MS_CONFIG,
                Long.toString(retention.toMillis()));
    }

    private TopicSpec spec(String name, Map<String, String> configs, boolean coPartitioned) {
        return new TopicSpec(name, partitions, replicationFactor, configs, coPartitioned);
    }
}
