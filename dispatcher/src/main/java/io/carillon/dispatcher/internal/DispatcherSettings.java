package io.carillon.dispatcher.internal;

import io.carillon.topics.KafkaClientProperties;
import io.carillon.topics.TopicCatalog;
import java.time.Clock;
import java.time.Duration;

/**
 * Everything a dispatcher is configured with; built and checked by {@code Dispatcher.Builder}. {@code instanceId} is
 * null for an instance without a name of its own (a dynamic group member).
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
        KafkaClientProperties clientProperties) {}
