package io.carillon.dispatcher.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.dispatcher.Dispatcher;
import io.carillon.topics.KafkaClientProperties;
import io.carillon.topics.KafkaClientTimeouts;
import io.carillon.topics.TopicCatalog;
import java.time.Clock;
import java.util.Map;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

class KafkaClientsTest {

    private static final String REQUEST_TIMEOUT = CommonClientConfigs.REQUEST_TIMEOUT_MS_CONFIG;
    private static final String DELIVERY_TIMEOUT = ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG;

    @Test
    void theClientsGiveALostBrokerUpInSecondsAndTheProducerItsRecordsWithItsTransaction() {
        DispatcherSettings settings = settings(Map.of());

        assertThat(KafkaClients.firesConsumerConfig(settings)).containsAllEntriesOf(KafkaClientTimeouts.defaults());
        assertThat(KafkaClients.producerConfig(settings))
                .containsAllEntriesOf(KafkaClientTimeouts.defaults())
                .containsEntry(DELIVERY_TIMEOUT, (int) Dispatcher.DEFAULT_TRANSACTION_TIMEOUT.toMillis());
        assertKafkaAccepts(KafkaClients.producerConfig(settings));
    }

    @Test
    void byDefaultAFrozenDispatchersOpenTransactionEndsNoLaterThanItsSession() {
        DispatcherSettings settings = settings(Map.of());

        int transactionTimeoutMs =
                (int) KafkaClients.producerConfig(settings).get(ProducerConfig.TRANSACTION_TIMEOUT_CONFIG);
        int sessionTimeoutMs =
                (int) KafkaClients.firesConsumerConfig(settings).get(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG);
        assertThat(transactionTimeoutMs).isLessThanOrEqualTo(sessionTimeoutMs);
    }

    @Test
    void theClientPropertiesWinAndTheDeliveryTimeoutCoversALongerRequestTimeout() {
        DispatcherSettings settings = settings(Map.of(REQUEST_TIMEOUT, "30000"));

        assertThat(KafkaClients.firesConsumerConfig(settings)).containsEntry(REQUEST_TIMEOUT, "30000");
        assertThat(KafkaClients.producerConfig(settings))
                .containsEntry(REQUEST_TIMEOUT, "30000")
                .containsEntry(DELIVERY_TIMEOUT, 30_000);
        assertKafkaAccepts(KafkaClients.producerConfig(settings));
    }

    private static void assertKafkaAccepts(Map<String, Object> config) {
        try (KafkaProducer<String, String> producer =
                new KafkaProducer<>(config, new StringSerializer(), new StringSerializer())) {
            assertThat(producer.metrics()).isNotEmpty();
        }
    }

    private static DispatcherSettings settings(Map<String, ?> clientProperties) {
        return new DispatcherSettings(
                "localhost:9092",
                TopicCatalog.defaults(),
                Clock.systemUTC(),
                "carillon.dispatcher",
                "carillon-dispatcher-d1",
                "d1",
                Dispatcher.DEFAULT_MAX_POLL_WAIT,
                Dispatcher.DEFAULT_TRANSACTION_TIMEOUT,
                Dispatcher.DEFAULT_CLOSE_TIMEOUT,
                Dispatcher.DEFAULT_OFFSET_METADATA_MAX_BYTES,
                Dispatcher.DEFAULT_TIMER_TICK,
                Dispatcher.DEFAULT_TRIGGER_LEAD,
                Dispatcher.DEFAULT_NO_WORKER_GRACE,
                Dispatcher.DEFAULT_SESSION_TIMEOUT,
                KafkaClientProperties.of("clientProperties", clientProperties));
    }
}
