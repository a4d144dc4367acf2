package io.carillon.worker.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.topics.KafkaClientTimeouts;
import io.carillon.topics.TopicCatalog;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.CooperativeStickyAssignor;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.junit.jupiter.api.Test;

class KafkaClientsTest {

    @Test
    void theLogProducerLingersAndBatchesYetKeepsOrderThroughRetries() {
        WorkerSettings settings = new WorkerSettings(
                "localhost:9092",
                TopicCatalog.defaults(),
                Clock.systemUTC(),
                "billing",
                "billing-1",
                4,
                Duration.ofSeconds(1),
                Duration.ofSeconds(1),
                Map.of(),
                Map.of(ProducerConfig.ACKS_CONFIG, "0", ProducerConfig.COMPRESSION_TYPE_CONFIG, "zstd"));

        Map<String, Object> config = KafkaClients.logProducerConfig(settings);

        assertThat(config)
                .containsEntry(ProducerConfig.LINGER_MS_CONFIG, KafkaClients.LOG_LINGER_MS)
                .containsEntry(ProducerConfig.BATCH_SIZE_CONFIG, KafkaClients.LOG_BATCH_BYTES)
                .containsEntry(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true)
                .containsEntry(ProducerConfig.ACKS_CONFIG, "all")
                .containsEntry(ProducerConfig.COMPRESSION_TYPE_CONFIG, "zstd")
                .containsEntry(ProducerConfig.CLIENT_ID_CONFIG, "carillon-worker-billing-billing-1-logs");
    }

    @Test
    void theTriggerConsumerTakesASecondOfEarlyTriggersInFewPollsAndLeavesADeadWorkersPartitionsSoon() {
        WorkerSettings small = new WorkerSettings(
                "localhost:9092",
                TopicCatalog.defaults(),
                Clock.systemUTC(),
                "billing",
                "billing-1",
                4,
                Duration.ofSeconds(1),
                Duration.ofSeconds(1),
                Map.of(),
                Map.of());
        WorkerSettings tuned = new WorkerSettings(
                "localhost:9092",
                TopicCatalog.defaults(),
                Clock.systemUTC(),
                "billing",
                "billing-1",
                4,
                Duration.ofSeconds(1),
                Duration.ofSeconds(1),
                Map.of(),
                Map.of(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG, 30_000, ConsumerConfig.GROUP_ID_CONFIG, "mine"));

        assertThat(KafkaClients.triggerConsumerConfig(small))
                .containsEntry(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, KafkaClients.MIN_MAX_POLL_RECORDS)
                .containsEntry(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG, KafkaClients.SESSION_TIMEOUT_MS)
                .containsEntry(ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG, KafkaClients.HEARTBEAT_INTERVAL_MS)
                .as("a worker joining or leaving moves only the partitions that change hands; the others keep running")
                .containsEntry(
                        ConsumerConfig.PARTITION_ASSIGNMENT_STRATEGY_CONFIG, CooperativeStickyAssignor.class.getName());
        assertThat(KafkaClients.triggerConsumerConfig(tuned))
                .containsEntry(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG, 30_000)
                .containsEntry(ConsumerConfig.GROUP_ID_CONFIG, small.groupId());
    }

    @Test
    void theClientsGiveALostBrokerUpInSecondsUnlessTheUserSaysOtherwise() {
        WorkerSettings defaults = settings(Map.of());
        WorkerSettings patient = settings(Map.of(CommonClientConfigs.REQUEST_TIMEOUT_MS_CONFIG, 30_000));

        for (Map<String, Object> config :
                List.of(KafkaClients.logProducerConfig(defaults), KafkaClients.triggerConsumerConfig(defaults))) {
            assertThat(config).containsAllEntriesOf(KafkaClientTimeouts.defaults());
        }
        assertThat(KafkaClients.logProducerConfig(patient))
                .containsEntry(CommonClientConfigs.REQUEST_TIMEOUT_MS_CONFIG, 30_000);
        assertThat(KafkaClients.triggerConsumerConfig(patient))
                .containsEntry(CommonClientConfigs.REQUEST_TIMEOUT_MS_CONFIG, 30_000);
    }

    private static WorkerSettings settings(Map<String, Object> kafkaProperties) {
        return new WorkerSettings(
                "localhost:9092",
                TopicCatalog.defaults(),
                Clock.systemUTC(),
                "billing",
                "billing-1",
                4,
                Duration.ofSeconds(1),
                Duration.ofSeconds(1),
                Map.of(),
                kafkaProperties);
    }
}
