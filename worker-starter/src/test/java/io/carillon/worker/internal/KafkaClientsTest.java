package io.carillon.worker.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.util.Map;

import org.apache.kafka.clients.producer.ProducerConfig;
import org.junit.jupiter.api.Test;

import io.carillon.topics.TopicCatalog;

class KafkaClientsTest {

    @Test
    void theLogProducerLingersAndBatchesYetKeepsOrderThroughRetries() {
        WorkerSettings settings = new WorkerSettings("localhost:9092", TopicCatalog.defaults(), Clock.systemUTC(),
                "billing", "billing-1", 4, Duration.ofSeconds(1), Duration.ofSeconds(1), Map.of(),
                Map.of(ProducerConfig.ACKS_CONFIG, "0", ProducerConfig.COMPRESSION_TYPE_CONFIG, "zstd"));

        Map<String, Object> config = KafkaClients.logProducerConfig(settings);

        assertThat(config).containsEntry(ProducerConfig.LINGER_MS_CONFIG, KafkaClients.LOG_LINGER_MS)
                .containsEntry(ProducerConfig.BATCH_SIZE_CONFIG, KafkaClients.LOG_BATCH_BYTES)
                .containsEntry(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true)
                .containsEntry(ProducerConfig.ACKS_CONFIG, "all")
                .containsEntry(ProducerConfig.COMPRESSION_TYPE_CONFIG, "zstd")
                .containsEntry(ProducerConfig.CLIENT_ID_CONFIG, "carillon-worker-billing-billing-1-logs");
    }
}
