package io.carillon.dispatcher.internal;

import java.time.Clock;
import java.time.Duration;
import io.carillon.topics.KafkaClientProperties;
import io.carillon.topics.TopicCatalog;

/** Everything a dispatcher is configured with; built and checked by {@code Dispatcher.Builder}. */
public record DispatcherSettings(
        String bootstrapServers,
        TopicCatalog catalog,
        Clock clock,
        String groupId,
        String transactionalId,
        Duration maxPollWait,
        Duration transactionTimeout,
        Duration closeTimeout,
        int offsetMetadataMaxBytes,
        Duration timerTick,
        Duration triggerLead,
        Duration noWorkerGrace,
        KafkaClientProperties clientProperties) {
}
