package io.carillon.dispatcher.internal;

import io.carillon.topics.KafkaClientProperties;
import io.carillon.topics.TopicCatalog;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Everything a dispatcher is configured with, built by {@code Dispatcher.Builder} and checked here: each setting out
 * of range is refused with an {@link IllegalArgumentException} naming it. {@code instanceId} is null for an instance
 * without a name of its own (a dynamic group member).
 */
public record DispatcherSettings(
        String bootstrapServers,
        TopicCatalog catalog,
        Clock clock,
        String groupId,
        String transactionalId,
        String instanceId,
        Duration maxPollWait,
        Duration transactionTimeout,
        Duration closeTimeout,
        int offsetMetadataMaxBytes,
        Duration timerTick,
        Duration triggerLead,
        Duration noWorkerGrace,
        Duration sessionTimeout,
        KafkaClientProperties clientProperties) {

    /** The shortest session timeout a dispatcher accepts. */
    public static final Duration MIN_SESSION_TIMEOUT = Duration.ofSeconds(1);
    /** What an instance id may be: the letters of a static group member's name. */
    public static final Pattern INSTANCE_ID = Pattern.compile("[A-Za-z0-9._-]{1,200}");

    private static final Duration MIN_TIMER_TICK = Duration.ofMillis(1);

    public DispatcherSettings {
        require(bootstrapServers != null && !bootstrapServers.isBlank(), "bootstrapServers is required");
        Objects.requireNonNull(catalog, "catalog is required");
        Objects.requireNonNull(clock, "clock is required");
        require(groupId != null && !groupId.isBlank(), "groupId must not be blank");
        Objects.requireNonNull(transactionalId, "transactionalIdPrefix is required");
        require(
                instanceId == null || INSTANCE_ID.matcher(instanceId).matches(),
                "instanceId must be 1 to 200 letters, digits, '.', '_' or '-', was '" + instanceId + "'");
        requirePositive(maxPollWait, "maxPollWait");
        requirePositive(transactionTimeout, "transactionTimeout");
        requirePositive(closeTimeout, "closeTimeout");
        require(
                offsetMetadataMaxBytes >= 0,
                "offsetMetadataMaxBytes must not be negative, was " + offsetMetadataMaxBytes);
        require(
                timerTick != null && timerTick.compareTo(MIN_TIMER_TICK) >= 0,
                "timerTick must be at least 1 ms, was " + timerTick);
        require(
                triggerLead != null && !triggerLead.isNegative(),
                "triggerLead must be zero or a positive duration, was " + triggerLead);
        require(
                noWorkerGrace != null && !noWorkerGrace.isNegative(),
                "noWorkerGrace must be zero or a positive duration, was " + noWorkerGrace);
        require(
                sessionTimeout != null && sessionTimeout.compareTo(MIN_SESSION_TIMEOUT) >= 0,
                "sessionTimeout must be at least " + MIN_SESSION_TIMEOUT + ", was " + sessionTimeout);
    }

    private static void requirePositive(Duration duration, String name) {
        require(
                duration != null && !duration.isNegative() && !duration.isZero(),
                name + " must be a positive duration, was " + duration);
    }

    private static void require(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }
}
