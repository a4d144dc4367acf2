package io.carillon.topics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.junit.jupiter.api.Test;

class KafkaClientTimeoutsTest {

    private static final String DELIVERY = ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG;

    @Test
    void aLostBrokerCostsAClientSecondsNotKafkasHalfMinute() {
        assertThat(KafkaClientTimeouts.defaults())
                .containsEntry(CommonClientConfigs.REQUEST_TIMEOUT_MS_CONFIG, 5_000)
                .containsEntry(CommonClientConfigs.SOCKET_CONNECTION_SETUP_TIMEOUT_MS_CONFIG, 2_000)
                .containsEntry(CommonClientConfigs.SOCKET_CONNECTION_SETUP_TIMEOUT_MAX_MS_CONFIG, 5_000);
    }

    @Test
    void theDeliveryTimeoutIsTheOneWantedWhenKafkaAcceptsIt() {
        Map<String, Object> config = new HashMap<>(KafkaClientTimeouts.defaults());
        config.put(ProducerConfig.LINGER_MS_CONFIG, 0);

        KafkaClientTimeouts.deliveryTimeout(config, 10_000);

        assertThat(config).containsEntry(DELIVERY, 10_000);
    }

    @Test
    void theDeliveryTimeoutCoversTheLingerAndTheRequestTimeout() {
        Map<String, Object> given = new HashMap<>(
                Map.of(CommonClientConfigs.REQUEST_TIMEOUT_MS_CONFIG, "20000", ProducerConfig.LINGER_MS_CONFIG, 50));
        Map<String, Object> kafkas = new HashMap<>();

        KafkaClientTimeouts.deliveryTimeout(given, 10_000);
        KafkaClientTimeouts.deliveryTimeout(kafkas, 10_000);

        assertThat(given).containsEntry(DELIVERY, 20_050);
        assertThat(kafkas).containsEntry(DELIVERY, 30_005);
    }

    @Test
    void aDeliveryTimeoutGivenIsKept() {
        Map<String, Object> config = new HashMap<>(Map.of(DELIVERY, "120000"));

        KafkaClientTimeouts.deliveryTimeout(config, 10_000);

        assertThat(config).containsEntry(DELIVERY, "120000");
    }
}
